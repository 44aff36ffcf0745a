"""Playground Battles: cards in stands whose types only their owners see,
a board in sections, a die; the first game with hidden information.

Modules: ``rules`` (the engine, observations hiding what a player may not
know), ``checks`` (spec checks), ``parts`` (the kit).
"""
