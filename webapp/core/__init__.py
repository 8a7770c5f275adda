"""The parts of the web app that need neither Flask nor a database, shared by the server (``webapp``) and
the offline app that runs in the browser under Pyodide (``offline``): what each template is given (page
contexts), reading the scorekeeper's forms, messages in the reader's language, and what a table does by
itself (dealing, bots). Importing it must never import Flask: the browser has no Flask.
"""
