echo \a \$ \\ \' \" \ x
