case '*' in [\*]) echo star;; *) echo no;; esac
case x in [\*]) echo star;; *) echo no;; esac
case x in \?) echo q;; *) echo literal-q;; esac
