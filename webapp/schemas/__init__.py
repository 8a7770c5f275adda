"""One schema mechanism (pydantic) for every field of every request: forms, query strings, path parameters
and JSON bodies (issue 11). Views read through :mod:`webapp.schemas.reading`."""
