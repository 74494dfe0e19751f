echo $((  1
+
2  ))
echo $((	3	*	3	))
