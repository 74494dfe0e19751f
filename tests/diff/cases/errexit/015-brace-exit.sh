set -e
{ echo in-brace; false; echo never; }
