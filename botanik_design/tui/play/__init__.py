"""The play-test launcher (``botanik-design play``): the variant set-up form and the app
that opens a game's play screen."""
