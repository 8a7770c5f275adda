"""Blueprints: the home page, rooms (create, join, lobby), play (actions), live (WebSocket)."""
