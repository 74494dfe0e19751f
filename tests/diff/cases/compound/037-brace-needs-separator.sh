{ echo a;}
{ echo b
}
