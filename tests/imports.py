"""Reading import statements with ``ast`` (never by importing): every module a source file
imports, at module level, inside functions and classes, in any block, and through
``importlib.import_module("...")`` / ``__import__("...")`` with a literal name. Shared by the
engine's purity test (tests/games/test_engine_is_pure.py) and the architecture test."""

import ast


def imported_names(source: str, package: str = "") -> list[tuple[int, str]]:
    """Every module ``source`` imports, wherever the statement is, with its line. ``from a import
    b`` gives ``a`` and ``a.b`` (``b`` may be a module of ``a``); a relative import is resolved
    against ``package`` (the importing file's package), and skipped without one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            if module:
                found.append((node.lineno, module))
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names
                          if alias.name != "*"]
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and _called(node.func) in ("import_module", "__import__")):
            found.append((node.lineno, node.args[0].value))
    return found


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if node.level == 0:
        return node.module or ""
    if not package:
        return ""
    parts = package.split(".")
    base = parts[:len(parts) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _called(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
