"""The join screen of a hosted game (``botanik-design join``)."""
