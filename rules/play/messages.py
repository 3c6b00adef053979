"""Every sentence the game-state engine says, in French and English, in one place.

A step's message is ``say(code, lang, **values)``; the code is stable and also goes into
the JSON output, so that scripts never parse a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable

TEMPLATES: dict[str, dict[str, str]] = {
    # --- the vote ---------------------------------------------------------------
    "vote.tally": {
        "fr": "Décompte ({round}) : {tally}.",
        "en": "Count ({round}): {tally}.",
    },
    "vote.tally-none": {"fr": "personne n'a reçu de voix", "en": "nobody received a vote"},
    "vote.no-votes": {
        "fr": "Sans aucune voix, personne n'a le plus de voix : personne n'est éliminé.",
        "en": "With no votes, nobody has the most votes: nobody is eliminated.",
    },
    "vote.abstain-allowed": {
        "fr": "{names} n'ont pas voté : leurs voix ne comptent pour personne.",
        "fr:1": "{names} n'a pas voté : sa voix ne compte pour personne.",
        "en": "{names} did not vote: their votes count for nobody.",
        "en:1": "{names} did not vote: their vote counts for nobody.",
    },
    "vote.abstain-last-nominee": {
        "fr": "On ne peut pas s'abstenir : {names} n'ont pas voté, leurs voix vont à "
        "{nominee}, dernier candidat désigné (+{votes}).",
        "fr:1": "On ne peut pas s'abstenir : {names} n'a pas voté, sa voix va à {nominee}, "
        "dernier candidat désigné (+{votes}).",
        "en": "Abstaining is not possible: {names} did not vote, their votes go to {nominee}, "
        "the last nominee (+{votes}).",
        "en:1": "Abstaining is not possible: {names} did not vote, their vote goes to "
        "{nominee}, the last nominee (+{votes}).",
    },
    "vote.eliminated.plurality": {
        "fr": "{name} rassemble le plus de voix ({votes}) : éliminé·e.",
        "en": "{name} has the most votes ({votes}): eliminated.",
    },
    "vote.eliminated.majority": {
        "fr": "{name} obtient la majorité ({votes}, le plus de voix parmi les candidats) : "
        "quitte la partie.",
        "en": "{name} gets the majority ({votes}, the most among the nominees): leaves the game.",
    },
    "vote.tie": {
        "fr": "Égalité à {votes} entre {names}.",
        "en": "Tie at {votes} between {names}.",
    },
    "tie.captain-decides": {
        "fr": "Le capitaine, {captain}, tranche entre {names} : garou ne choisit pas à sa place.",
        "en": "The captain, {captain}, decides between {names}: garou does not choose for them.",
    },
    "tie.captain-decided": {
        "fr": "Le capitaine, {captain}, tranche : {name} est éliminé·e.",
        "en": "The captain, {captain}, decides: {name} is eliminated.",
    },
    "tie.extra-time": {
        "fr": "{names} reçoivent un temps de parole supplémentaire pour se défendre.",
        "en": "{names} get extra speaking time to argue their case.",
    },
    "tie.revote-tied": {
        "fr": "On revote, entre {names} seulement.",
        "en": "Vote again, between {names} only.",
    },
    "tie.lift-vote": {
        "fr": "Vote de levée : {names} partent-ils tous ensemble, ou restent-ils tous ?",
        "en": "Lift vote: do {names} all leave together, or do they all stay?",
    },
    "tie.nobody-leaves": {
        "fr": "L'égalité persiste : personne n'est éliminé aujourd'hui.",
        "en": "Still tied: nobody is eliminated today.",
    },
    "tie.exhausted": {
        "fr": "La procédure d'égalité est épuisée : personne n'est éliminé.",
        "en": "The tie procedure is over: nobody is eliminated.",
    },
    "lift.tally": {"fr": "pour {yes}, contre {no}", "en": "yes {yes}, no {no}"},
    "lift.passes": {
        "fr": "Levée : {yes} pour sur {alive} (majorité : {need}) : {names} partent tous ensemble.",
        "en": "Lift: {yes} in favour out of {alive} (majority: {need}): {names} all leave "
        "together.",
    },
    "lift.fails": {
        "fr": "Levée : {yes} pour sur {alive} (majorité : {need}) : {names} restent tous.",
        "en": "Lift: {yes} in favour out of {alive} (majority: {need}): {names} all stay.",
    },
    "lift.abstain": {
        "fr": "{who} n'ont pas voté la levée : leurs voix ne comptent pas pour le départ.",
        "fr:1": "{who} n'a pas voté la levée : sa voix ne compte pas pour le départ.",
        "en": "{who} did not vote on the lift: their votes do not count in favour.",
        "en:1": "{who} did not vote on the lift: their vote does not count in favour.",
    },
    # --- the questions a player answers ----------------------------------------------
    "question.shoot": {
        "fr": "{chooser} ({role}) meurt et doit tirer : sur qui ? ({options})",
        "en": "{chooser} ({role}) dies and must shoot: whom? ({options})",
    },
    "question.successor": {
        "fr": "{chooser}, capitaine mourant, désigne son successeur : qui ? ({options})",
        "en": "{chooser}, the dying captain, names a successor: who? ({options})",
    },
    "question.captain-pick": {
        "fr": "Capitaine {chooser}, qui est éliminé : {options} ?",
        "en": "Captain {chooser}, who is eliminated: {options}?",
    },
    # --- the cascade ---------------------------------------------------------------
    "cascade.resolve-first": {
        "fr": "Résoudre toute la cascade avant d'annoncer quoi que ce soit.",
        "en": "Resolve the whole chain before announcing anything.",
    },
    "cascade.chain": {
        "fr": "La cascade continue : la mort de {name} déclenche à son tour ses conséquences.",
        "en": "The chain goes on: {name}'s death sets off its own consequences in turn.",
    },
    "cascade.dies": {
        "fr": "{name} meurt ({cause}).",
        "en": "{name} dies ({cause}).",
    },
    "cascade.leaves": {
        "fr": "{name} quitte la partie ({cause}).",
        "en": "{name} leaves the game ({cause}).",
    },
    "cascade.shoot": {
        "fr": "{name} ({role}) tire en mourant, quelle que soit la cause : {target} meurt "
        "aussitôt.",
        "en": "{name} ({role}) shoots while dying, whatever the cause: {target} dies at once.",
    },
    "cascade.shoot-nobody": {
        "fr": "{name} ({role}) devrait tirer, mais plus personne n'est en vie.",
        "en": "{name} ({role}) would shoot, but nobody else is alive.",
    },
    "cascade.shoot-wait": {
        "fr": "{name} ({role}) tire en mourant : la cible est son choix, on l'attend.",
        "en": "{name} ({role}) shoots while dying: the target is their choice; waiting for it.",
    },
    "cascade.follow": {
        "fr": "{partner} suit {name} aussitôt : les amoureux meurent ensemble, quel que soit "
        "le rôle.",
        "en": "{partner} follows {name} at once: lovers die together, whatever the role.",
    },
    "cascade.follow-already": {
        "fr": "{partner}, en couple avec {name}, meurt déjà dans cette cascade.",
        "en": "{partner}, {name}'s lover, already dies in this chain.",
    },
    "cascade.successor": {
        "fr": "{name}, capitaine, désigne {successor} pour lui succéder.",
        "en": "{name}, the captain, names {successor} as successor.",
    },
    "cascade.successor-nobody": {
        "fr": "{name}, capitaine, meurt et plus personne n'est en vie pour lui succéder.",
        "en": "{name}, the captain, dies with nobody left alive to succeed them.",
    },
    "cascade.successor-wait": {
        "fr": "{name}, capitaine, désigne son successeur : c'est son choix, on l'attend.",
        "en": "{name}, the captain, names a successor: their choice; waiting for it.",
    },
    "cascade.wait": {
        "fr": "N'annoncez rien pour l'instant : la cascade attend un choix ({chooser}).",
        "en": "Announce nothing yet: the chain waits for a choice ({chooser}).",
    },
    "announce.reveal": {
        "fr": "Annoncez ensemble, dans l'ordre des places et non des événements : {deaths} ; "
        "chaque rôle est révélé.",
        "fr:1": "Annoncez : {deaths} ; son rôle est révélé.",
        "en": "Announce together, in seat order rather than the order of events: {deaths}; "
        "each role is revealed.",
        "en:1": "Announce: {deaths}; the role is revealed.",
    },
    "announce.hidden": {
        "fr": "Annoncez ensemble : {names} quittent la partie ; leurs rôles restent cachés "
        "jusqu'à la fin.",
        "fr:1": "Annoncez : {names} quitte la partie ; son rôle reste caché jusqu'à la fin.",
        "en": "Announce together: {names} leave the game; their roles stay hidden until the end.",
        "en:1": "Announce: {names} leaves the game; their role stays hidden until the end.",
    },
    "announce.captain": {
        "fr": "{name} porte désormais l'écharpe de capitaine.",
        "en": "{name} now holds the captaincy.",
    },
    "announce.no-captain": {
        "fr": "Le village n'a plus de capitaine.",
        "en": "The village has no captain any more.",
    },
    "announce.farewell": {
        "fr": "Discours d'adieu : {seconds} s chacun ({turbo} s en turbo).",
        "fr:1": "Discours d'adieu : {seconds} s ({turbo} s en turbo).",
        "en": "Farewell speeches: {seconds} s each ({turbo} s in turbo).",
        "en:1": "Farewell speech: {seconds} s ({turbo} s in turbo).",
    },
    "announce.silent": {
        "fr": "Les morts ne parlent plus de la partie.",
        "en": "The dead no longer speak about the game.",
    },
    # --- winning --------------------------------------------------------------------
    "win.count": {
        "fr": "En vie : {counts}.",
        "en": "Alive: {counts}.",
    },
    "win.no-minority-left": {
        "fr": "Plus aucun joueur de {minority} en vie : victoire de {camp}.",
        "en": "Nobody from {minority} is left alive: victory for {camp}.",
    },
    "win.parity": {
        "fr": "Parité : {count} de {camp} contre {others} en vie : victoire de {camp}.",
        "en": "Parity: {count} of {camp} against {others} alive: victory for {camp}.",
    },
    "win.nobody-alive": {
        "fr": "Plus personne n'est en vie : les documents ne prévoient pas ce cas et ne "
        "désignent aucun vainqueur.",
        "en": "Nobody is alive any more: the documents do not cover this case and name no winner.",
    },
    "win.couple": {
        "fr": "Les deux derniers en vie sont les amoureux {names}, de camps opposés : ils "
        "gagnent seuls.",
        "en": "The last two alive are the lovers {names}, from opposite camps: they win alone.",
    },
    "win.alone-outranks": {
        "fr": "Les amoureux gagnent seuls : cela l'emporte sur la victoire de {camp}, "
        "remplie elle aussi.",
        "en": "The lovers win alone: this outranks the win of {camp}, also met.",
    },
    "win.same-camp": {
        "fr": "Les amoureux {names} sont tous deux de {camp} : pas de victoire à eux, ils "
        "gagnent ou perdent avec leur camp.",
        "en": "The lovers {names} both belong to {camp}: no win of their own, they win or "
        "lose with their camp.",
    },
    "win.none": {
        "fr": "Aucune condition de victoire n'est remplie : la partie continue.",
        "en": "No win condition is met: the game goes on.",
    },
    "win.reveal-end": {
        "fr": "La partie est finie : tous les rôles peuvent maintenant être révélés.",
        "en": "The game is over: every role can now be revealed.",
    },
    "margin.within": {
        "fr": "{town} de {camp} contre {minority} de {minority_camp} {when} : {camp} peut "
        "encore se tromper {left} (marge au départ selon le document : {start}). Chaque "
        "vote contre {camp} suivi d'un tir réussi réduit l'écart de 2.",
        "en": "{town} of {camp} against {minority} of {minority_camp} {when}: {camp} can "
        "still afford {left} (the document's margin at the start: {start}). Each wrong "
        "vote followed by a successful shot narrows the gap by 2.",
    },
    "margin.critical": {
        "fr": "{town} de {camp} contre {minority} de {minority_camp} {when} : partie "
        "critique. Un vote de plus contre {camp} n'en laisse que {after_vote}, puis "
        "{after_night} après le tir de la nuit, contre {minority} : {minority_camp} atteint "
        "la parité.",
        "en": "{town} of {camp} against {minority} of {minority_camp} {when}: the game is "
        "critical. One more vote against {camp} leaves only {after_vote} of them, then "
        "{after_night} after the night shot, against {minority}: {minority_camp} reaches "
        "parity.",
    },
    "margin.critical-now": {
        "fr": "{town} de {camp} contre {minority} de {minority_camp} {when} : partie "
        "critique. Un vote de plus contre {camp} n'en laisse que {after_vote} contre "
        "{minority} : la parité est atteinte aussitôt.",
        "en": "{town} of {camp} against {minority} of {minority_camp} {when}: the game is "
        "critical. One more vote against {camp} leaves only {after_vote} of them against "
        "{minority}: parity at once.",
    },
    "margin.night-parity": {
        "fr": "{town} de {camp} contre {minority} de {minority_camp} avant la nuit : si le "
        "tir de la nuit réussit, {minority_camp} atteint la parité.",
        "en": "{town} of {camp} against {minority} of {minority_camp} before the night: if "
        "the night shot does not miss, {minority_camp} reaches parity.",
    },
    "margin.when.vote": {"fr": "avant le prochain vote", "en": "before the next vote"},
    "margin.when.night": {
        "fr": "au prochain vote, après un tir réussi cette nuit",
        "en": "at the next vote, after a successful shot tonight",
    },
    # --- fouls ----------------------------------------------------------------------
    "fouls.reached": {
        "fr": "{name} : {count}, le seuil ({limit}) est atteint : {consequence}.",
        "en": "{name}: {count}, the limit ({limit}) is reached: {consequence}.",
    },
    "fouls.below": {
        "fr": "{name} : {count} ; à {limit}, {consequence} (encore {left}).",
        "en": "{name}: {count}; at {limit}, {consequence} ({left} more to go).",
    },
    "technical.reached": {
        "fr": "{name} : {count}, le seuil ({limit}) est atteint : {consequence}.",
        "en": "{name}: {count}, the limit ({limit}) is reached: {consequence}.",
    },
    "technical.below": {
        "fr": "{name} : {count} ; à {limit}, {consequence} (encore {left}).",
        "en": "{name}: {count}; at {limit}, {consequence} ({left} more to go).",
    },
    "fouls.none": {
        "fr": "{name} : aucune faute.",
        "en": "{name}: no fouls.",
    },
    "behaviour.technical-foul": {
        "fr": "« {text} » ({id}) : comportement antisportif, une faute technique ; à {limit}, "
        "{consequence}.",
        "en": "“{text}” ({id}): unsporting behaviour, a technical foul; at {limit}, {consequence}.",
    },
    "behaviour.disqualification": {
        "fr": "« {text} » ({id}) : infraction particulière, disqualification directe.",
        "en": "“{text}” ({id}): a particular infraction, straight disqualification.",
    },
}
"""Message templates: code to language to a ``str.format`` template; a ``"fr:1"`` or
``"en:1"`` key holds the singular form, for a sentence about one person."""

CAUSES: dict[str, dict[str, str]] = {
    "night": {"fr": "tué·e la nuit", "en": "killed at night"},
    "vote": {"fr": "éliminé·e au vote", "en": "voted out"},
    "poison": {"fr": "empoisonné·e", "en": "poisoned"},
    "shot": {"fr": "abattu·e", "en": "shot"},
    "shot-by": {"fr": "abattu·e par {by}", "en": "shot by {by}"},
    "lover": {"fr": "suit son amoureux·se", "en": "follows their lover"},
    "lover-by": {"fr": "suit {by} dans la mort", "en": "follows {by} in death"},
    "lift": {"fr": "parti·e au vote de levée", "en": "removed by the lift vote"},
    "disqualified": {"fr": "disqualifié·e", "en": "disqualified"},
}
"""How each cause of death is said; the ``-by`` forms name the player who set it off."""

LEAVING_CAUSES = ("vote", "lift", "disqualified")
"""Causes after which a player is said to leave the game rather than to die."""

CONSEQUENCES: dict[str, dict[str, str]] = {
    "lose-next-speech": {
        "fr": "perd sa prise de parole au tour suivant",
        "en": "loses their speech on the next turn",
    },
    "disqualification": {"fr": "disqualification", "en": "disqualification"},
}
"""What reaching a foul limit costs, as said in a sentence."""

ROUNDS: dict[str, dict[str, str]] = {
    "first": {"fr": "premier vote", "en": "first vote"},
    "revote": {"fr": "second vote", "en": "second vote"},
    "lift": {"fr": "vote de levée", "en": "lift vote"},
}
"""The name of each vote round."""

_AND = {"fr": "et", "en": "and"}
_OR = {"fr": "ou", "en": "or"}
_UNIT = {
    "vote": {"fr": ("voix", "voix"), "en": ("vote", "votes")},
    "player": {"fr": ("joueur", "joueurs"), "en": ("player", "players")},
    "other": {"fr": ("autre joueur", "autres joueurs"), "en": ("other player", "other players")},
    "living": {
        "fr": ("joueur en vie", "joueurs en vie"),
        "en": ("living player", "living players"),
    },
    "mistake": {"fr": ("fois", "fois"), "en": ("wrong elimination", "wrong eliminations")},
    "foul": {"fr": ("faute", "fautes"), "en": ("foul", "fouls")},
    "technical": {
        "fr": ("faute technique", "fautes techniques"),
        "en": ("technical foul", "technical fouls"),
    },
}


_CONTRACTIONS = ((" de le ", " du "), (" de les ", " des "), (" à le ", " au "),
                 (" à les ", " aux "))  # fmt: skip
_ARTICLES = ("Le ", "La ", "Les ", "L'", "L’", "The ")


def singular(count: int, lang: str) -> bool:
    """Return True when ``count`` takes the singular in ``lang`` (French: 0 and 1)."""
    return count < 2 if lang == "fr" else count == 1


def say(code: str, lang: str, **values: object) -> str:
    """Return message ``code`` in ``lang`` with ``values`` filled in.

    ``number=N`` says how many people the sentence is about: when N takes the singular,
    the template's singular form (its ``"fr:1"`` / ``"en:1"`` key) is used, if it has one.
    """
    templates = TEMPLATES[code]
    template = templates[lang]
    number = values.pop("number", None)
    if isinstance(number, int) and singular(number, lang):
        template = templates.get(f"{lang}:1", template)
    text = template.format(**values)
    if lang == "fr":
        for long, short in _CONTRACTIONS:
            text = text.replace(long, short)
    return text


def inline(name: str) -> str:
    """Return a display name for the middle of a sentence ("The village" → "the village")."""
    if name.startswith(_ARTICLES):
        return name[0].lower() + name[1:]
    return name


def names(items: Iterable[str], lang: str) -> str:
    """Return ``items`` as "A, B and C" (or "A, B et C")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_AND[lang]} {items[-1]}"


def either(items: Iterable[str], lang: str) -> str:
    """Return ``items`` as "A, B or C" (or "A, B ou C")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_OR[lang]} {items[-1]}"


def quantity(count: int, unit: str, lang: str) -> str:
    """Return "1 vote" / "3 votes" (or "3 voix"; French "0 joueur", English "0 players")."""
    one, many = _UNIT[unit][lang]
    return f"{count} {one if singular(count, lang) else many}"


def cause(cause_id: str, lang: str, by: str | None = None) -> str:
    """Return how cause ``cause_id`` is said in ``lang``, naming ``by`` when given."""
    if by is not None and f"{cause_id}-by" in CAUSES:
        return CAUSES[f"{cause_id}-by"][lang].format(by=by)
    return CAUSES[cause_id][lang]
