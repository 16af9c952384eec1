print("spotlight-bench: not yet implemented")
