"""Cages: groups of cells with a sum (killer, sum cages whose digits may repeat, ...)."""
