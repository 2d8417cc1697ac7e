"""Human-style solving: techniques, step-by-step explanations, hints and difficulty ratings."""
