mkdir -p w/d/e w/.hid/k w/real && cd w && touch a b.txt d/x d/e/y d/e/z.txt .hid/k/q .top real/r
ln -s real link
ln -s .. loop
echo **
shopt -s globstar
echo **
echo **/
echo d/**
echo d/**/
echo **/*.txt
echo **/y / d/**/z.txt / **/e
echo link/** / "**" / x**
for f in **/*.txt; do echo "[$f]"; done
shopt -s dotglob
echo **
echo **/q
shopt -u dotglob; shopt -s nullglob
echo **/*.none end
set -- **/*.none; echo $#
