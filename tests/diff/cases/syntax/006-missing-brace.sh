echo before
{ echo never
