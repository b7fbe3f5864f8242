"""The tile-set editor (``botanik-design edit`` on a tile set): document model, app and screens."""
