x=$(case a in a) echo matched;; esac)
echo "$x"
y=$(case b in (b) echo paren-form;; esac)
echo "$y"
