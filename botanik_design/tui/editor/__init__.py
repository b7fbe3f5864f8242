"""The tile-set editor (``botanik-design edit``): document model, app and screens."""
