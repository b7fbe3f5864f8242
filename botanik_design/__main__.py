"""``python -m botanik_design`` runs the command line."""

from botanik_design.cli import main

raise SystemExit(main())
