"""``python -m sudokit``: the command line."""

from sudokit.cli import main

if __name__ == "__main__":
    main()
