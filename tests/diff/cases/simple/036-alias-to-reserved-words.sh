alias begin='{' end='}' myif='if'
begin echo in-braces; end
myif true; then echo aliased-if; fi
