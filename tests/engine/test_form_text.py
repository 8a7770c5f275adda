"""What a form's text means (engine.form_text): one reading of numbers and switches for every form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.form_text import switch, whole_number


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("40", 40), (" 40 ", 40), ("-5", -5), ("+7", 7),
                                              ("007", 7)])
def test_a_whole_number_is_a_sign_and_ascii_digits(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize("text", ["", " ", "4_0", "٣", "１０", "²", "1 0", "0x10", "1e3", "4.0", "--1", "+"])
def test_text_that_is_no_whole_number_to_a_person_is_refused(text):
    with pytest.raises(ValueError):
        whole_number(text)


@given(st.integers(min_value=-10**30, max_value=10**30))
def test_a_whole_number_reads_back_as_written(number):
    assert whole_number(str(number)) == number


@pytest.mark.parametrize(("text", "on"), [("on", True), ("ON", True), ("true", True), ("yes", True), ("1", True),
                                          ("off", False), ("false", False), ("no", False), ("0", False),
                                          ("", False), (" on ", True)])
def test_a_switch_is_on_or_off(text, on):
    assert switch(text) is on


@pytest.mark.parametrize("text", ["maybe", "2", "checked", "onn", "١"])
def test_a_switch_that_is_neither_is_refused(text):
    with pytest.raises(ValueError):
        switch(text)
