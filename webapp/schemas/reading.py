"""Reading a request through its schema: forms, query strings, path parameters and JSON bodies.

One way in for every field: the view names its model, gets a validated value, or the request is refused
with :class:`~webapp.errors.InvalidRequest` (400), a sentence in the reader's language naming the field.
JSON is parsed by pydantic from the raw body, so nesting too deep for Python's parser is a refusal too.
"""

from __future__ import annotations

from typing import TypeVar, get_origin

from flask import current_app, request
from flask_babel import lazy_gettext as _l
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ..errors import InvalidRequest, NotFound
from .fields import Limits
from .forms import PathParameters

M = TypeVar("M", bound=BaseModel)

# What went wrong with a field, by pydantic's error type (or our own, from webapp.schemas.fields).
PROBLEMS = {
    "missing": _l("is missing"),
    "string_type": _l("must be text"),
    "int_type": _l("must be a whole number"),
    "whole_number": _l("must be a whole number"),
    "bool_type": _l("must be true or false"),
    "switch": _l("must be on or off"),
    "tuple_type": _l("must be a list"),
    "list_type": _l("must be a list"),
    "model_type": _l("must be an object"),
    "dict_type": _l("must be an object"),
    "too_long": _l("has too many items (at most %(max_length)s)"),
    "too_short": _l("has too few items (at least %(min_length)s)"),
    "too_many_hands": _l("has too many hands (at most %(max_length)s on one sheet)"),
    "text_too_long": _l("is too long (at most %(max_length)s characters)"),
    "string_too_long": _l("is too long (at most %(max_length)s characters)"),
    "string_too_short": _l("is too short (at least %(min_length)s characters)"),
    "string_pattern_mismatch": _l("has characters it may not have"),
    "identifier": _l("must be 1 to %(max_length)s letters, digits or . _ ~ -"),
    "greater_than_equal": _l("must be at least %(ge)s"),
    "less_than_equal": _l("must be at most %(le)s"),
    "extra_forbidden": _l("is not a field of this request"),
    "reserved_name": _l("“%(name)s” reads as one of the table's own labels (you, a bot, a seat); "
                        "pick another name"),
    "time_range": _l("must be a time from 2000 to 2099, in ISO 8601 like 2026-11-30T08:00:00Z"),
    "datetime_type": _l("must be a time in ISO 8601, like 2026-11-30T08:00:00Z"),
    "datetime_parsing": _l("must be a time in ISO 8601, like 2026-11-30T08:00:00Z"),
    "datetime_from_date_parsing": _l("must be a time in ISO 8601, like 2026-11-30T08:00:00Z"),
}
# Problems that make a sentence of their own, for a person (the others name the field, for a program).
SENTENCES = frozenset({"reserved_name"})
NOT_VALID = _l("is not valid")
NOT_JSON = _l("the request body is not valid JSON (or nests too deeply)")
NOT_AN_OBJECT = _l("the request body is not a JSON object")


def read_form(model: type[M]) -> M:
    """The form as ``model``: list fields with every value sent, others with the first."""
    return _validated(model, _fields(model, request.form))


def read_query(model: type[M]) -> M:
    return _validated(model, _fields(model, request.args))


def read_json(model: type[M]) -> M:
    """The JSON body as ``model``. The body is read here, so a view checks who asks before calling it."""
    try:
        return model.model_validate_json(request.get_data(cache=True), context=_limits())
    except ValidationError as error:
        raise _refusal(error) from None


def check_path_parameters() -> None:
    """Every request's path parameters (a ``before_request`` hook): a malformed one is an unknown page."""
    try:
        PathParameters.model_validate(request.view_args or {}, context=_limits())
    except ValidationError as error:
        raise NotFound(str(_refusal(error).message)) from None


def _fields(model: type[BaseModel], values) -> dict[str, object]:
    lists = {name for name, field in model.model_fields.items()
             if get_origin(field.annotation) in (list, tuple)}
    return {name: values.getlist(name) if name in lists else values[name] for name in values}


def _validated(model: type[M], data: dict[str, object]) -> M:
    try:
        return model.model_validate(data, context=_limits())
    except ValidationError as error:
        raise _refusal(error) from None


def _limits() -> Limits:
    return Limits.from_config(current_app.config)


def _refusal(error: ValidationError) -> InvalidRequest:
    """The first problem as a sentence: ``entries.3.trick_points: must be a whole number``."""
    first = _most_telling(error.errors(include_url=False))
    if first["type"] == "json_invalid":
        return InvalidRequest(str(NOT_JSON), "")
    field = _field(first)
    if not field and first["type"] in ("model_type", "model_attributes_type"):
        return InvalidRequest(str(NOT_AN_OBJECT), "")
    problem = str(PROBLEMS.get(first["type"], NOT_VALID)) % first.get("ctx", {})
    return InvalidRequest(problem if first["type"] in SENTENCES else f"{field}: {problem}", field)


def _field(problem: ErrorDetails) -> str:
    """The field a problem is in: ``entries.3.trick_points``."""
    # A union's alternatives appear in the location by their type's name, which is not a field.
    return ".".join(str(part) for part in problem["loc"] if isinstance(part, int) or part.isidentifier())


def _most_telling(problems: list[ErrorDetails]) -> ErrorDetails:
    """The first field's problem; where a union refused it once per alternative (``cards``: text or a list), the
    alternative of the value's own type says what is wrong (a list too long, not "must be text")."""
    field = _field(problems[0])
    same_field = [problem for problem in problems if _field(problem) == field]
    return next((problem for problem in same_field if not _type_mismatch(problem)), problems[0])


def _type_mismatch(problem: ErrorDetails) -> bool:
    """The value is not of the type this alternative takes (an optional field's ``None`` refuses any other so)."""
    return problem["type"].endswith("_type") or problem["type"] == "none_required"
