"""Extra all-different regions placed on the grid."""
