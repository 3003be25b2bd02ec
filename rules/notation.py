"""The hand notation (README, "The hand notation"): `[123m][EEE][5555p1]45p99s66678p8p`.

Melds in brackets come first, then the standing tiles; the last standing tile is
the winning tile. Errors name the column (1-based) where the reading failed.
"""
from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from functools import lru_cache
from itertools import chain, repeat
from operator import attrgetter, is_
from dataclasses import dataclass, field

from .errors import HandError, NotationError
from .groups import CHOW, KONG, PUNG, Group
from .kept_values import kept
from .tiles import (ALL_TILES, BY_TEXT, COPIES_PER_FACE, HONOR_LETTERS, SUITS, Tile, counts_of, format_tiles, mask_of,
                    suited, tile)

TILES_IN_A_WINNING_HAND = 14
_tiles_of = attrgetter("tiles")
MAX_MELDS = 4


@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed hand: declared melds, then the standing tiles (winning tile last)."""

    melds: tuple[Group, ...]
    standing: tuple[Tile, ...]
    # Worked out once here: the parser's checks, the shapes, the waits and the facts of
    # the hand all read them, and counting tiles in Python is not free.
    all_tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)  # kongs with all four
    standing_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)  # per tile code
    copies: tuple[int, ...] = field(init=False, repr=False, compare=False)  # per tile code, melds included
    tile_mask: int = field(init=False, repr=False, compare=False)  # the faces held, as bits (1 << code)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "standing_counts", counts_of(self.standing))
        if self.melds:
            put(self, "all_tiles", tuple([t for m in self.melds for t in m.tiles]) + self.standing)
            put(self, "copies", counts_of(self.all_tiles))
        else:
            put(self, "all_tiles", self.standing)
            put(self, "copies", self.standing_counts)
        put(self, "tile_mask", mask_of(self.all_tiles))

    @property
    def winning_tile(self) -> Tile:
        return self.standing[-1]

    @property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(m for m in self.melds if m.kind == KONG)

    def notation(self) -> str:
        """The canonical string: melds as parsed, standing tiles sorted, winning tile last."""
        melds = "".join([f"[{m.text}{'1' if m.claimed and m.kind == KONG else ''}]" for m in self.melds])
        win = self.standing[-1]
        counts = list(self.standing_counts)
        counts[win.code] -= 1
        # The sorted tiles are the blocks' texts (m, p, s, honors) in turn, each from a table.
        t0, t1, t2, t3 = _BLOCK_TEXTS
        b0, b1, b2, b3 = tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:])
        return (melds + (t0[b0] if b0 in t0 else _block_text(0, b0)) + (t1[b1] if b1 in t1 else _block_text(1, b1))
                + (t2[b2] if b2 in t2 else _block_text(2, b2)) + (t3[b3] if b3 in t3 else _block_text(3, b3))
                + win.text)


# Per block of 9 faces (m, p, s; the honors' 7): its counts -> its tiles in the notation.
_BLOCK_TEXTS: tuple[dict[tuple[int, ...], str], ...] = ({}, {}, {}, {})


def _block_text(index: int, counts: tuple[int, ...]) -> str:
    """The tiles of one block's counts written out (empty for none), remembered."""
    text = _BLOCK_TEXTS[index][counts] = format_tiles([ALL_TILES[9 * index + i] for i, n in enumerate(counts)
                                                       for _ in range(n)])
    return text





# The notation is ASCII. Python's str.isdigit and str.isspace also hold for '²', '０',
# '٣', a no-break space or U+2028, and int() turns some of those into ranks ('０' -> 0,
# which indexes another tile), so characters are tested against these sets instead.
_RANK_DIGITS = frozenset("123456789")
_ASCII_DIGITS = frozenset(string.digits)
_SPACES = frozenset(string.whitespace)
_NOTATION_CHARS = "digits 1-9, m p s, E S W N C F P, brackets and spaces"


def _shown(ch: str) -> str:
    """A character as an error message shows it: quoted when printable ASCII; else with
    its code point and name too, since many of them look like digits or spaces."""
    if " " < ch < "\x7f":
        return f"'{ch}'"
    name = unicodedata.name(ch, "")
    point = f"U+{ord(ch):04X}"
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' ({point}{' ' + name if name else ''})"
    return f"{point} ({name})" if name else point


def _bad_character(ch: str, column: int) -> NotationError:
    if not ch.isascii():
        return NotationError(f"{_shown(ch)} is not an ASCII character: the notation is ASCII ({_NOTATION_CHARS})",
                             column, code="not_ascii", character=ch, point=f"U+{ord(ch):04X}",
                             name=unicodedata.name(ch, ""))
    return NotationError(f"unexpected character {_shown(ch)} (tiles are digits with m/p/s, or E S W N C F P)",
                         column, code="unexpected_character", character=ch)


def _no_suit(pending: list[tuple[str, int]]) -> NotationError:
    digits = "".join(d for d, _ in pending)
    said = f"digit '{digits}' has" if len(digits) == 1 else f"digits '{digits}' have"
    return NotationError(f"{said} no suit letter (m, p or s)", pending[0][1], code="no_suit",
                         digits=digits, n=len(digits))


def _read_tiles(text: str, start: int, columns: list[int] | None = None) -> tuple[list[tuple[Tile, int]], int]:
    """Read tiles from text[start:] until a bracket or the end.

    Returns (tile, column) pairs and the index where reading stopped. The column of
    text[i] is columns[i] when given (a meld's body, its spaces taken out), else i + 1.
    """
    out: list[tuple[Tile, int]] = []
    pending: list[tuple[str, int]] = []  # digits waiting for their suit letter
    i = start
    while i < len(text):
        ch = text[i]
        col = columns[i] if columns is not None else i + 1
        if ch in "[]":
            break
        if ch in _SPACES:
            if pending:
                raise _no_suit(pending)
            i += 1
            continue
        if ch in _RANK_DIGITS:
            pending.append((ch, col))
        elif ch == "0":
            raise NotationError("'0' is not a tile rank (ranks are 1-9)", col, code="zero_rank")
        elif ch in SUITS:
            if not pending:
                raise NotationError(f"suit letter '{ch}' has no digits before it", col, code="suit_without_digits",
                                    letter=ch)
            out.extend((suited(ch, int(d)), c) for d, c in pending)
            pending = []
        elif ch in HONOR_LETTERS:
            if pending:
                raise _no_suit(pending)
            out.append((tile(ch), col))
        else:
            raise _bad_character(ch, col)
        i += 1
    if pending:
        raise _no_suit(pending)
    return out, i


def read_tiles(text: str) -> list[Tile]:
    """The tiles written in `text` in hand notation, without melds (`"23468sF"`);
    NotationError (with column) when it is not such a string."""
    read, stop = _read_tiles(text, 0)
    if stop < len(text):
        raise NotationError("a list of tiles has no melds: brackets are not allowed here", stop + 1,
                            code="brackets_in_tiles")
    return [t for t, _ in read]


def _read_meld(text: str, open_index: int) -> tuple[Group, int]:
    """Read one bracketed meld starting at text[open_index] == '['."""
    col = open_index + 1
    close = text.find("]", open_index + 1)
    nxt = text.find("[", open_index + 1)
    if close < 0 or (0 <= nxt < close):
        raise NotationError("unclosed meld", col, code="unclosed_meld")
    # Spaces inside a meld are dropped; each kept character keeps its own column.
    kept = [(ch, i + 1) for i, ch in enumerate(text[open_index + 1:close], open_index + 1) if ch not in _SPACES]
    body = "".join(ch for ch, _ in kept)
    columns = [c for _, c in kept]
    claim_digit = ""
    if body and body[-1] in _ASCII_DIGITS and len(body) >= 2 and (body[-2] in SUITS or body[-2] in HONOR_LETTERS):
        claim_digit = body[-1]
        body = body[:-1]
        if claim_digit not in "123":
            raise NotationError(f"claim digit '{claim_digit}' must be 1, 2 or 3", columns[-1], code="claim_digit",
                                digit=claim_digit)
    try:
        read, _ = _read_tiles(body, 0, columns)
    except NotationError as err:
        raise err.inside_meld() from None
    tiles = sorted(t for t, _ in read)
    if not tiles:
        raise NotationError("empty meld", col, code="empty_meld")
    shown = "[" + text[open_index + 1:close] + "]"
    if len(tiles) == 4:
        if len(set(tiles)) != 1:
            raise NotationError(f"meld {shown} has four tiles but they are not identical (a kong is four of one tile)",
                                col, code="kong_not_identical", meld=shown)
        return Group(KONG, tuple(tiles), claimed=bool(claim_digit), concealed=not claim_digit), close + 1
    if len(tiles) != 3:
        raise NotationError(f"meld {shown} has {_counted(len(tiles), 'tile')}: a chow or pung has 3, a kong 4", col,
                            code="meld_size", meld=shown, n=len(tiles))
    if len(set(tiles)) == 1:
        return Group(PUNG, tuple(tiles), claimed=True, concealed=False), close + 1
    if any(t.is_honor for t in tiles):
        raise NotationError(f"meld {shown} is a chow of honors: only suited tiles make chows", col,
                            code="honor_chow", meld=shown)
    a, b, c = tiles
    if not (a.suit == b.suit == c.suit and b.rank == a.rank + 1 and c.rank == b.rank + 1):
        raise NotationError(f"meld {shown} is neither a chow (three in sequence, one suit) nor a pung", col,
                            code="not_a_set", meld=shown)
    return Group(CHOW, tuple(tiles), claimed=True, concealed=False), close + 1


@lru_cache(maxsize=1024)
def _plain_meld(body: str, claim: str) -> Group | None:
    """The meld written `[body claim]`, or None when it is not a well-formed set. Melds
    repeat from hand to hand, so each is built once."""
    tiles = sorted(BY_TEXT[d + body[-1]] for d in body[:-1]) if body[-1] in "mps" else [BY_TEXT[c] for c in body]
    if len(tiles) == 4 and len(set(tiles)) == 1:
        return Group(KONG, tuple(tiles), claimed=bool(claim), concealed=not claim)
    if len(tiles) == 3 and len(set(tiles)) == 1:
        return Group(PUNG, tuple(tiles), claimed=True, concealed=False)
    if (len(tiles) == 3 and not tiles[0].is_honor and tiles[0].suit == tiles[2].suit
            and tiles[1].code == tiles[0].code + 1 and tiles[2].code == tiles[0].code + 2):
        return Group(CHOW, tuple(tiles), claimed=True, concealed=False)
    return None


# A well-formed hand as the fast path reads it: melds (no spaces inside), then tiles.
# ASCII only (re.ASCII, and no \\d or \\s): anything else goes to the careful reader, which names it.
_PLAIN_HAND = re.compile(r"((?: *\[(?:[1-9]+[mps]|[ESWNCFP]+)[1-3]?\])*)((?:[1-9]+[mps]|[ESWNCFP]| )+)", re.ASCII)
_PLAIN_MELD = re.compile(r"\[([1-9]+[mps]|[ESWNCFP]+)([1-3]?)\]", re.ASCII)
_PLAIN_TOKEN = re.compile(r"[1-9]+[mps]|[ESWNCFP]+", re.ASCII)   # one token of standing tiles: a suit's digits, or a run of honors


# One token of standing tiles (`123m`, or an honor letter), read once: (its tiles' codes,
# its counts packed one byte per face (see _packed), its faces as bits (1 << code)). A
# plain tuple of numbers: the garbage collector stops tracking the thousands remembered.
_Token = tuple[tuple[int, ...], int, int]
_tile_at = ALL_TILES.__getitem__


def _packed(tiles: "tuple[Tile, ...]") -> int:
    """Counts per face packed one byte each (face code c in byte c): tokens and melds
    add up as integers, and `int.to_bytes` gives back the 34 counts in C. A hand of the
    fast path holds at most 30 of a face before its size is checked, so no byte overflows."""
    return sum([1 << 8 * t.code for t in tiles])


_TOKENS: dict[str, _Token] = {}   # token -> what it holds
_TOKENS_KEPT = 1 << 15
_MELDS_PACKED: dict[int, int] = {}   # a meld's form -> its tiles' packed counts


def _token(text: str) -> _Token:
    """The tiles of one token of standing tiles, remembered (up to _TOKENS_KEPT tokens)."""
    tiles = tuple([BY_TEXT[d + text[-1]] for d in text[:-1]] if text[-1] in "mps" else [BY_TEXT[c] for c in text])
    token = kept((tuple([t.code for t in tiles]), _packed(tiles), mask_of(tiles)))
    if len(_TOKENS) < _TOKENS_KEPT:
        _TOKENS[text] = token
    return token


def _parse_plain(text: str, sizes: tuple[int, ...] = (TILES_IN_A_WINNING_HAND,)) -> Hand | None:
    """The fast path for well-formed hands; None sends the text to the careful reader,
    which finds the column of any mistake."""
    plain = _PLAIN_HAND.fullmatch(text)
    if plain is None:
        return None
    meld_text, tile_text = plain.groups()
    melds: list[Group] = []
    if meld_text:
        for body, claim in _PLAIN_MELD.findall(meld_text):
            meld = _plain_meld(body, claim)
            if meld is None:
                return None
            if any(map(is_, melds, repeat(meld))):  # groups are told apart by identity
                meld = Group(meld.kind, meld.tiles, meld.claimed, meld.concealed)
            melds.append(meld)
    standing: list[Tile] = []
    packed = mask = 0
    for word in _PLAIN_TOKEN.findall(tile_text):
        codes, more, faces = _TOKENS.get(word) or _token(word)
        standing.extend(map(_tile_at, codes))
        packed += more
        mask |= faces
    if not standing or len(melds) > MAX_MELDS or 3 * len(melds) + len(standing) not in sizes:
        return None
    counts = packed.to_bytes(len(ALL_TILES), "little")
    standing_tuple = tuple(standing)
    if melds:
        for meld in melds:
            packed += _MELDS_PACKED.get(meld.form) or _MELDS_PACKED.setdefault(meld.form, _packed(meld.tiles))
            mask |= meld.mask
        copies = packed.to_bytes(len(ALL_TILES), "little")
        all_tiles = tuple(chain.from_iterable(map(_tiles_of, melds))) + standing_tuple
        hand = _new_hand(tuple(melds), standing_tuple, all_tiles, tuple(counts), tuple(copies), mask)
    else:
        copies = counts
        standing_counts = tuple(counts)
        hand = _new_hand((), standing_tuple, standing_tuple, standing_counts, standing_counts, mask)
    return hand if max(copies) <= COPIES_PER_FACE else None


_SET_MELDS, _SET_STANDING, _SET_ALL, _SET_COUNTS, _SET_COPIES, _SET_MASK = (
    getattr(Hand, name).__set__ for name in ("melds", "standing", "all_tiles", "standing_counts", "copies", "tile_mask"))


def _new_hand(melds: tuple[Group, ...], standing: tuple[Tile, ...], all_tiles: tuple[Tile, ...],
              standing_counts: tuple[int, ...], copies: tuple[int, ...], tile_mask: int) -> Hand:
    """A Hand from values the fast path has worked out already (what __post_init__
    would compute), stored through the slots as dataclasses do."""
    hand = object.__new__(Hand)
    _SET_MELDS(hand, melds)
    _SET_STANDING(hand, standing)
    _SET_ALL(hand, all_tiles)
    _SET_COUNTS(hand, standing_counts)
    _SET_COPIES(hand, copies)
    _SET_MASK(hand, tile_mask)
    return hand


def parse_hand(text: str) -> Hand:
    """Read a winning hand (14 tiles, the winning tile last). Raises NotationError
    (with column) or HandError."""
    return _parse(text, (TILES_IN_A_WINNING_HAND,))


def parse_waiting_hand(text: str) -> Hand:
    """Read a hand before its winning tile (13 tiles: melds and standing tiles). Its
    `winning_tile` is only its last standing tile; use it for the tiles and counts."""
    return _parse(text, (TILES_IN_A_WINNING_HAND - 1,))


def parse_hand_to_analyze(text: str) -> Hand:
    """Read a hand of 13 tiles (waiting for a tile) or 14 (with a tile to discard), as the
    discard analysis takes it. Raises NotationError (with column) or HandError."""
    return _parse(text, (TILES_IN_A_WINNING_HAND - 1, TILES_IN_A_WINNING_HAND))


def _parse(text: str, sizes: tuple[int, ...]) -> Hand:
    if not isinstance(text, str):
        raise NotationError("the hand must be a string", code="hand_not_string")
    quick = _parse_plain(text, sizes)
    if quick is not None:
        return quick
    melds: list[Group] = []
    standing: list[tuple[Tile, int]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _SPACES:
            i += 1
        elif ch == "[":
            if standing:
                raise NotationError("melds come first: a '[' after the standing tiles", i + 1,
                                    code="meld_after_standing")
            meld, i = _read_meld(text, i)
            melds.append(meld)
        elif ch == "]":
            raise NotationError("']' without a '['", i + 1, code="stray_bracket")
        else:
            read, i = _read_tiles(text, i)
            standing.extend(read)
    if not text.strip(string.whitespace):
        raise NotationError("the hand is empty", code="empty_hand")
    if len(melds) > MAX_MELDS:
        raise HandError(f"{len(melds)} melds: a hand has at most {MAX_MELDS}", "too_many_melds", n=len(melds),
                        max=MAX_MELDS)
    if not standing:
        raise HandError("no standing tiles: the winning tile is the last standing tile" if sizes == (TILES_IN_A_WINNING_HAND,)
                        else "no standing tiles: a hand always keeps at least one tile standing", "no_standing")
    # A fifth copy first: no tile added or taken away mends it (the calculator flags it as typed).
    copies = Counter(t for m in melds for t in m.tiles)
    copies.update(t for t, _ in standing)
    for face in ALL_TILES:
        if copies[face] > COPIES_PER_FACE:
            raise HandError(f"{copies[face]} copies of {face.text}: the set has only {COPIES_PER_FACE} of each tile",
                            "too_many_copies", n=copies[face], tile=face.text)
    count = sum(3 for _ in melds) + len(standing)
    if count not in sizes:
        raise _count_error(count, sizes, len(melds), len(standing))
    return Hand(tuple(melds), tuple(t for t, _ in standing))


def _counted(n: int, noun: str) -> str:
    """'1 tile', '5 tiles', '0 melds': the engine's own messages are English (i18n/site
    words them in the other languages, from the error's code)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _count_error(count: int, sizes: tuple[int, ...], melds: int, standing: int) -> HandError:
    if len(sizes) > 1:
        low, high = sizes
        return HandError(
            f"{_counted(count, 'tile')}: a hand to analyze has {low} or {high} (each meld counts 3, a kong too), "
            f"so with {_counted(melds, 'meld')} it needs {low - 3 * melds} or {high - 3 * melds} standing tiles, "
            f"not {standing}",
            "analysis_tile_count", n=count, waiting=low, discarding=high, melds=melds, standing=standing)
    size = sizes[0]
    what = "a winning hand has" if size == TILES_IN_A_WINNING_HAND else "a hand waiting for its winning tile has"
    return HandError(
        f"{_counted(count, 'tile')}: {what} {size} (each meld counts 3, a kong too), "
        f"so with {_counted(melds, 'meld')} it needs {size - 3 * melds} standing tiles, not {standing}",
        "tile_count", n=count, size=size, melds=melds, standing=standing)
