alias a='b ' b='echo chained' 
a
