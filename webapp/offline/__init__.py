"""The offline app: the solo game and the scorekeeper running in the browser under Pyodide, with no server.

It answers the page's htmx requests for ``/offline/…`` URLs itself (``static/js/offline.js`` hands them
over), with the server's own templates and page code (:mod:`webapp.core`) and the same rules engine, and keeps
its games and sheets in the browser's storage. Nothing here imports Flask.
"""
