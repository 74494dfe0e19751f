# { without }
{ echo a
echo b
