"""Kinds whose rules speak of each cell's shading, an unknown beside its digit."""
