"""Package layout: the top-level ``spec/``, ``tilesets/`` and ``piecesets/`` folders ship
inside the wheel as ``botanik_design._spec``, ``botanik_design._tilesets`` and
``botanik_design._piecesets`` so that the bundled schemas, variants, tile sets and Hive
piece sets are read with ``importlib.resources``
from any directory.  Everything else lives in ``pyproject.toml``."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["botanik_design", "botanik_design.*"])
    + ["botanik_design._spec", "botanik_design._spec.variants", "botanik_design._tilesets",
       "botanik_design._piecesets"],
    package_dir={
        "botanik_design._spec": "spec",
        "botanik_design._tilesets": "tilesets",
        "botanik_design._piecesets": "piecesets",
    },
)
