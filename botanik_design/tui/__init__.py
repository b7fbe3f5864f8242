"""Textual user interfaces: the tile-set editor (``editor``) and shared widgets.

This is the only package of botanik-design that imports textual.
"""
