echo before
echo never; fi; echo never-either
