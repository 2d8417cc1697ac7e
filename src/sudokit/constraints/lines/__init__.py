"""Rules on drawn lines: thermometers, arrows, whispers, renban, palindromes, ..."""
