"""No two modules of the package import each other, directly or through others, at run time.

An import cycle makes a module's names depend on which module happens to be imported first
(a partially initialised module), so the graph of run-time imports (imports inside functions
included, imports under ``if TYPE_CHECKING:`` left out: they never run) must have no cycle.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import grimp


def cycles(imports: Mapping[str, set[str]]) -> Iterator[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(module: str) -> Iterator[list[str]]:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(imports.get(module, ())):
            if other not in index:
                yield from visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                yield sorted(component)

    for module in sorted(imports):
        if module not in index:
            yield from visit(module)


def test_no_import_cycle_between_modules() -> None:
    graph = grimp.build_graph("tigris_rules", exclude_type_checking_imports=True)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    found = list(cycles(imports))
    assert not found, f"import cycles: {found}"


def test_a_cycle_is_found() -> None:
    assert list(cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})) == [["a", "b", "c"]]
    assert list(cycles({"a": {"b"}, "b": set()})) == []
