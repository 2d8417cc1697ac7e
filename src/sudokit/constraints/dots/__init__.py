"""Clues on the edge between two cells (kropki dots, XV, inequality signs) and their negative rules."""
