"""The toy game's part of sweeps (its entry's ``sweep``): one option, ``heaps``, whose
values are lists of heap sizes; every point plays ``load_nim(heaps)``."""

from __future__ import annotations

from typing import Any

from botanik_design.model.sweep import Axis
from botanik_design.spec.diagnostics import errors
from botanik_design.spec.sweep import SweepBase, SweepHooks, SweepReport, ValuesOf


def base(session: Any, doc: Any, vdoc: Any, out: SweepReport) -> SweepBase | None:
    if errors(session.check(vdoc)) or vdoc.data is None:
        out.add(("base", "variant"), "sweep-variant-invalid",
                f"`{vdoc.name}` is not a valid Nim variant")
        return None
    heaps = list(vdoc.data["heaps"])
    return SweepBase({"variant": vdoc.name}, {"heaps": heaps}, {"heaps": tuple(heaps)})


def axis(raw: dict[str, Any], i: int, based: SweepBase, out: SweepReport,
         values_of: ValuesOf) -> Axis | None:
    got = values_of(raw, ("axes", i))
    if got is None:
        return None
    values, where = got
    if raw.get("option") != "heaps":
        out.add(("axes", i), "sweep-unknown-option", "a Nim sweep varies `option: heaps`")
        return None
    ok = True
    for value, path in zip(values, where, strict=True):
        if not (isinstance(value, list) and value
                and all(isinstance(n, int) and not isinstance(n, bool) and n > 0
                        for n in value)):
            out.add(path, "sweep-bad-value", f"`heaps` cannot be {value!r}: a list of "
                    "heap sizes (whole numbers from 1)")
            ok = False
    return Axis(raw.get("label", "heaps"), tuple(values), option="heaps") if ok else None


def point(based: SweepBase, options: dict[str, Any],
          chosen: list[tuple[Axis, Any]]) -> tuple[dict[str, Any], str]:
    return {"heaps": tuple(options["heaps"])}, ""


HOOKS = SweepHooks(base=base, axis=axis, point=point)
