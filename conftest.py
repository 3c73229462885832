"""The project's own test run: referee's pytest plugin collects samples/**/*.ttn.

Installed, referee registers the plugin through its ``pytest11`` entry point; from a source
checkout that is not installed, this line loads it. Both use the name
``referee.pytest_plugin``, so pytest never registers it twice. ``pytester`` runs the plugin's
own tests.
"""

pytest_plugins = ["pytester", "referee.pytest_plugin"]

# The golden inputs of the reporters fail their Expect tags on purpose.
collect_ignore = ["tests/golden"]
