"""A fan's `excludes` list as written in the table: each entry is a fan id, or
{fan: ID, at_most: N} for an exclusion of at most N of that fan's matches. The checks
and the loader both read it."""
from __future__ import annotations

from typing import Any


def exclusion_ids(entries: Any) -> list[str]:
    """The fan ids of an `excludes` list."""
    return [e["fan"] if isinstance(e, dict) else e for e in entries or ()]


def exclusion_limits(entries: Any) -> dict[str, int]:
    """The fans of an `excludes` list excluded only up to a number of their matches."""
    return {e["fan"]: e["at_most"] for e in entries or () if isinstance(e, dict)}


def exclusion_cycle(excludes: dict[str, list[str]]) -> list[str] | None:
    """A cycle of the exclusion graph (fan -> the fans it excludes), first fan repeated
    at the end, or None: a fan cannot come before the fans it excludes if they exclude it."""
    state: dict[str, int] = {}   # 1: on the path being walked, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in excludes.get(node, []):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt in excludes and state.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in excludes:
        if state.get(node) is None:
            found = visit(node)
            if found:
                return found
    return None
