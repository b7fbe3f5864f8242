"""``python -m botanik_design`` runs the command line."""

from botanik_design.cli import main

if __name__ == "__main__":  # not when a worker process re-imports it (multiprocessing spawn)
    raise SystemExit(main())
