"""The outline (document symbols): each record, its deals, each deal's tricks."""

from __future__ import annotations

from lsprotocol import types

from referee.lsp.completion import parsed
from referee.lsp.diagnostics import client_range
from referee.lsp.document import Unit, split_lines, split_units
from referee.lsp.walk import walk_record
from referee.model.record import Deal, RecordHeader, Span


def document_symbols(text: str, encoding: str, hook=None) -> list[types.DocumentSymbol]:
    """A symbol per record (named by its game), with a child per deal and a grandchild per
    trick (where the record replays)."""
    lines = split_lines(text)
    symbols = []
    for unit in split_units(text):
        symbol = _record_symbol(unit, lines, encoding, hook)
        if symbol is not None:
            symbols.append(symbol)
    return symbols


def _range(lines: list[str], unit: Unit, span: Span, encoding: str) -> types.Range:
    shift = unit.first_line - 1
    return client_range(lines, span.line + shift, span.column, span.end_line + shift,
                        span.end_column, encoding)


def _record_symbol(unit: Unit, lines: list[str], encoding: str,
                   hook) -> types.DocumentSymbol | None:
    items = parsed(unit.text)
    if not items or not isinstance(items[0], RecordHeader):
        return None
    header = items[0]
    game = header.get("Game")
    last = unit.first_line + len(split_lines(unit.text.rstrip("\n"))) - 1
    whole = types.Range(types.Position(unit.first_line - 1, 0), types.Position(last, 0))
    deals = [item for item in items if isinstance(item, Deal)]
    walk = walk_record(unit.text, hook)
    children = []
    for index, deal in enumerate(deals):
        deal_walk = walk.deals[index] if walk is not None and index < len(walk.deals) else None
        tricks = []
        if deal_walk is not None:
            by_trick: dict[int, list] = {}
            for moment in deal_walk.moments:
                if moment.trick is not None and moment.event.action.kind in ("play", "down"):
                    by_trick.setdefault(moment.trick, []).append(moment)
            for number, moments in by_trick.items():
                first, end = moments[0].event.span, moments[-1].event.span
                span = Span(first.line, first.column, end.end_line, end.end_column)
                won = next((t for m in moments for t in m.completed), None)
                tricks.append(types.DocumentSymbol(
                    name=f"trick {number}",
                    detail=f"{won.winner} wins" + (f" {won.points}" if won.points else "")
                    if won else "",
                    kind=types.SymbolKind.Event,
                    range=_range(lines, unit, span, encoding),
                    selection_range=_range(lines, unit, first, encoding)))
        end = deal.items[-1].span if deal.items else (deal.hands[-1].span if deal.hands
                                                       else deal.span)
        span = Span(deal.span.line, deal.span.column, end.end_line, end.end_column)
        result = deal_walk.report.result if deal_walk and deal_walk.report else None
        children.append(types.DocumentSymbol(
            name=f"deal {deal.number}",
            detail=(f"dealer {deal.dealer}" if deal.dealer else "")
            + (f"; {result.outcome}" if result is not None and result.outcome else ""),
            kind=types.SymbolKind.Namespace,
            range=_range(lines, unit, span, encoding),
            selection_range=_range(lines, unit, deal.span, encoding),
            children=tricks))
    title = f"record: {game.value}" if game is not None else "record"
    return types.DocumentSymbol(
        name=title, detail=f"{len(deals)} deal{'s' * (len(deals) != 1)}",
        kind=types.SymbolKind.Module, range=whole,
        selection_range=_range(lines, unit, header.span, encoding), children=children)
