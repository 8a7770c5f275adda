"""Placeholder replaced below."""
from .rule import RuleBot


class SearchBot(RuleBot):
    name = "search"
