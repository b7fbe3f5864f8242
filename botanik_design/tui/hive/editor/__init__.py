"""The piece-set editor (``botanik-design edit`` on a piece set): document model and app."""
