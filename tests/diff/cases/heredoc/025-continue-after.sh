cat <<END; echo same-line-after
text
END
