print("graphexport")
