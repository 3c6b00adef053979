"""garou's own synonyms: words players type that the rule texts do not use.

This is data. Each group lists interchangeable words or phrases, French and English mixed,
separated by commas, with the game it belongs to (None: both games). Groups are expanded
at query time, never indexed, so growing this list needs no rebuild. The names of roles,
statuses and games, and the aliases written in the rule files, are synonyms too; they come
from the rule data (see ``lookup.index.lexicon``) and are not repeated here.
"""

from __future__ import annotations

GROUPS: tuple[tuple[str | None, str], ...] = (
    # A tied vote.
    (
        None,
        "égalité, égalité des voix, ex aequo, à égalité, égaux, tie, tied, tie vote, draw, "
        "deadlock, même nombre de voix, same number of votes, autant de voix, as many votes, "
        "partage des voix, tiebreak, "
        "tie-break, départager",
    ),
    # Voting someone out by day.
    (
        None,
        "lyncher, lynchage, lynché, lynch, lynched, lynching, vote out, voted out, "
        "exécuter, exécution, execute, execution, pendaison, pendre, hang, hanged, bûcher, "
        "kick out",
    ),
    # The game master.
    (
        None,
        "mj, meneur, meneuse, maître du jeu, game master, gm, narrateur, narratrice, "
        "narrator, moderator, modérateur, mod, animateur, host, conteur, storyteller, mc, "
        "arbitre, referee",
    ),
    # Killing at night.
    (
        None,
        "tuer, tué, abattre, abattu, assassiner, meurtre, kill, killed, murder, murdered, "
        "shoot, shot",
    ),
    # ("bouffer" is the table's slang for "manger".)
    (None, "dévorer, dévoré, manger, mangé, bouffer, bouffé, eat, eaten, devour, devoured"),
    # Saving, protecting, healing.
    (
        None,
        "sauver, protéger, protection, save, protect, heal, soigner, guérir, ressusciter, "
        "revive, resurrect",
    ),
    (None, "empoisonner, empoisonné, poison, poisoned, potion de mort, death potion, kill potion"),
    # Oneself.
    (
        None,
        "elle-même, lui-même, soi-même, moi-même, toi-même, eux-mêmes, elles-mêmes, "
        "herself, himself, themselves, oneself, myself, yourself, itself, self, auto",
    ),
    # Each other.
    (None, "mutuellement, each other, one another"),
    # Showing a card or a role.
    (
        None,
        "révéler, révélé, révélation, dévoiler, dévoilé, montrer, retourner la carte, "
        "reveal, revealed, flip, flipped, show, shown, identité, identity, carte retournée",
    ),
    (None, "caché, secret, secrète, hidden, stays hidden, reste caché"),
    # Dying: the stemmers do not join the forms of "mourir" (meurt, meurent, mort); a
    # player killed or lynched has died ("the mayor got killed": the captain's death).
    (
        None,
        "mourir, meurt, meurent, mourra, mort, morte, morts, décès, décéder, décédé, die, "
        "dies, died, dying, death, dead, killed, got killed, tué, tuée, lynched, lynché, lynchée",
    ),
    # The dead, talking, signalling.
    (None, "fantôme, ghost, spectateur, spectator, dead player, joueur mort"),
    (None, "parler, dire, dit, disent, talk, speak, say, says, chat, bavarder, discuter"),
    (
        None,
        "faire signe, signes, gestes, mimer, signal, signals, hint, hints, souffler, "
        "whisper, indice",
    ),
    # Winning.
    (
        None,
        "gagner, gagne, victoire, vainqueur, win, wins, won, victory, winner, l'emporter, "
        "perdre, perd, perdent, perdu, défaite, lose, loses, lost, loser",
    ),
    # Two players of opposite camps (a couple of a wolf and a villager).
    (
        "loup-garou",
        "un loup et un villageois, un villageois et un loup, loup et villageois, "
        "villageois et loup, a wolf and a villager, a villager and a wolf, wolf and villager, "
        "villager and wolf, camps opposés, camps différents, opposite camps, different camps",
    ),
    (None, "parité, autant que, aussi nombreux, parity, as many as, equal numbers"),
    # How the village votes.
    (
        "loup-garou",
        "main levée, à main levée, lever la main, lève la main, show of hands, raise hands, "
        "raised hands, hands up",
    ),
    # Days and nights, and the rest of the game's vocabulary.
    (None, "nuit, nuits, night, nights, nocturne, pendant la nuit, at night"),
    (None, "jour, jours, journée, day, days, daytime, pendant le jour, by day"),
    (None, "premier jour, jour 1, day one, day 1, first day"),
    (None, "première nuit, nuit 1, night one, night 1, first night, nuit zéro"),
    (None, "distribuer, distribution, donner les cartes, deal, dealing, hand out, assign"),
    (None, "règle maison, règles maison, house rule, house rules, variante, variant, variation"),
    (
        None,
        "unanime, unanimes, unanimité, unanimous, d'accord, agree, consensus, même victime, "
        "same victim",
    ),
    (None, "désaccord, pas d'accord, disagree, disagreement, split"),
    (None, "ordre, order, séquence, sequence, en premier, qui en premier, who first"),
    # At the same time ("en même temps" is no length of time).
    (
        None,
        "en même temps, simultanément, simultané, simultaneously, simultaneous, "
        "at the same time, all at the same time",
    ),
    # A role wakes up when it is called at night.
    (
        None,
        "appeler, appelle, appelé, appel, call, calls, called, réveiller, réveille, "
        "réveillent, se réveille, wake, wakes, wake up, wakes up, woken, ouvrir les yeux, "
        "open eyes",
    ),
    # The captain's successor.
    (
        "loup-garou",
        "successeur, succession, successor, remplacer, remplace, remplaçant, replace, "
        "replaces, replacement, succéder, succède, hériter, hérite, inherit, inherits, "
        "nouveau capitaine, new captain, devient capitaine, becomes captain, takes over",
    ),
    (
        None,
        "durée, temps, combien de temps, minutes, secondes, length, how long, time limit, "
        "timer, chrono, chronomètre",
    ),
    (None, "tricher, triche, tricheur, cheat, cheating, cheater"),
    (
        None,
        "tirage au sort, tiré au sort, tirer au sort, au hasard, hasard, aléatoire, random, "
        "at random, randomly, drawn at random, draw lots",
    ),
    # Seer and witch words players use.
    ("loup-garou", "voyante, seer, psychic, clairvoyant, clairvoyante, médium, medium"),
    (
        None,
        "voir, voit, voient, see, sees, découvrir, apprendre, learn, sonder, inspect, peek, "
        "regarder, look",
    ),
    # Knowing: the stemmer does not join the forms of "connaître" (connaît, connaissent).
    (None, "connaître, connaît, connaissent, connaissance, know, knows, known"),
    ("loup-garou", "potion, potions, fiole, elixir"),
    # Mafia words.
    (
        "mafia",
        "levée, lever, lift, tous dehors, vote de levée, élimination groupée, "
        "everyone out, all out, eliminate all",
    ),
    # (A technical foul is "a warning": the warning words are not the plain foul's.)
    ("mafia", "faute, fautes, foul, fouls"),
    ("mafia", "faute technique, technical foul, tech, carton, carton jaune, yellow card"),
    (
        "mafia",
        "message, messages, sms, texto, dm, private message, téléphone, telephone, "
        "phone, portable, whatsapp, texting, text, texts, textos, envoyer un message, "
        "écrire",
    ),
    (
        "mafia",
        "quitter la table, leave the table, s'absenter, absence, pause, toilettes, "
        "toilet, bathroom, break, afk, step away, away",
    ),
    (
        "mafia",
        "insulte, insulter, injure, gros mot, gros mots, jurer, swear, swearing, curse, "
        "insult, vulgarité, grossièreté, vulgar",
    ),
    ("mafia", "pari, paris, parier, miser, wager, gamble"),
    (
        "mafia",
        "abstention, s'abstenir, abstain, vote blanc, blank vote, skip, pass, "
        "passer son vote, no vote, ne vote pas, ne votent pas, ne pas voter, personne ne vote, "
        "does not vote, doesn't vote, not vote, nobody votes, no one votes",
    ),
    (
        "mafia",
        "testament, meilleure lecture, best read, last will, suspects, liste de suspects",
    ),
    (
        "mafia",
        "tir manqué, raté, missed shot, miss, misfire, no kill, personne ne meurt, nobody dies",
    ),
    ("mafia", "auto-tir, self-shot, self-kill, tirer sur un mafieux, shoot own, mafia kills mafia"),
    ("mafia", "interpeller, interrompre, couper la parole, interrupt, cut in, objection"),
    (
        "mafia",
        "adieu, discours d'adieu, derniers mots, farewell, last words, final speech, "
        "dernier discours",
    ),
)
"""Synonym groups: (game id, or None for both games; the phrases, comma-separated)."""


def groups() -> list[tuple[str | None, list[str]]]:
    """Return the groups with their phrases as lists."""
    return [(game, [p.strip() for p in text.split(",") if p.strip()]) for game, text in GROUPS]
