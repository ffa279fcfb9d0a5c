from .dist import main

main()
