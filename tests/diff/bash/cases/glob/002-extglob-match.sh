shopt -s extglob
for x in a ab abc '' x.tar.gz 'a b'; do
	case $x in
	@(a|ab)) echo "$x: a or ab" ;;
	+([abc])) echo "$x: abc+" ;;
	*.@(tar.gz|tgz)) echo "$x: tarball" ;;
	!(*[ ]*)) echo "$x: no blank" ;;
	*) echo "$x: other" ;;
	esac
done
f=report-2024.tar.gz
echo ${f%.@(tar.gz|zip)} ${f#+([a-z])-} ${f/@(2024|2023)/YEAR} ${f//+([0-9])/N}
echo ${f##*.} ${f%%.*(?)} "${f/!(r)/_}"
p='@(a|b)'; case b in $p) echo var-pattern ;; esac
case '@(a|b)' in "$p") echo quoted-literal ;; esac
case 'a|b' in @('a|b')) echo quoted-bar ;; esac
case a in @("a"|z)) echo quoted-alt ;; esac
x=foo.c; [[ $x == @(*.c|*.h) ]] && echo cond-c
[[ $x != !(*.c) ]] && echo cond-neg
x=a.b.c; echo ${x^^@(a|c)} ${x~~@(b)}
