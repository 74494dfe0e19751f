set -e
case x in x) false ;; esac
echo never
