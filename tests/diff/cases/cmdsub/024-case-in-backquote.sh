x=`case a in a) echo bq-case;; esac`
echo "$x"
