"""One line summing up a count's errors against a reference (the analysis scripts of
moves-to-finish counts share it)."""


def describe(name, errors):
    """Prints the errors' number, mean, mean size, largest size and share within one."""
    errors = [float(e) for e in errors]
    if not errors:
        print(f"{name}: no rows")
        return
    size = len(errors)
    print(f"{name}: {size} rows, mean error {sum(errors) / size:+.2f}, mean |error| "
          f"{sum(abs(e) for e in errors) / size:.2f}, largest |error| "
          f"{max(abs(e) for e in errors):.0f}, within one move "
          f"{100 * sum(1 for e in errors if abs(e) <= 1) / size:.0f}%")
