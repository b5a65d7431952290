//! The rules of both games in short, by topic, in English and French: `/climb rules`,
//! `/daifugo rules` and `rules [topic]` in the terminal. A summary of
//! `../shared/rules/prime-climb.md` and `prime-daifugo.md` (section numbers cited), kept as
//! data so a translator edits text, not code. Each text stays well under Discord's
//! 2,000-character message limit.

use super::{Lang, Markup};

/// A part of the Prime Climb rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Overview,
    Roll,
    Move,
    Bump,
    Draw,
    Cards,
    Winning,
    Notation,
    Variants,
}

impl Topic {
    /// Every topic, in the order of the rule book.
    pub const ALL: [Topic; 9] = [
        Topic::Overview,
        Topic::Roll,
        Topic::Move,
        Topic::Bump,
        Topic::Draw,
        Topic::Cards,
        Topic::Winning,
        Topic::Notation,
        Topic::Variants,
    ];

    /// The topic's word (`move`) and its French word (`déplacer`).
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Topic::Overview => ("overview", "aperçu"),
            Topic::Roll => ("roll", "lancer"),
            Topic::Move => ("move", "déplacer"),
            Topic::Bump => ("bump", "renvoyer"),
            Topic::Draw => ("draw", "piocher"),
            Topic::Cards => ("cards", "cartes"),
            Topic::Winning => ("winning", "gagner"),
            Topic::Notation => ("notation", "notation"),
            Topic::Variants => ("variants", "variantes"),
        }
    }

    /// The topic a word names, in either language (`rules move`, `règles cartes`).
    pub fn from_word(word: &str) -> Option<Topic> {
        let w = word.trim().to_lowercase();
        Topic::ALL.into_iter().find(|t| {
            let (en, fr) = t.words();
            w == en || w == fr || (w.len() >= 3 && (en.starts_with(&w) || fr.starts_with(&w)))
        })
    }

    /// The summary of this topic in `lang`, marked up.
    pub fn text(self, lang: Lang, m: Markup) -> String {
        let (en, fr) = match self {
            Topic::Overview => OVERVIEW,
            Topic::Roll => ROLL,
            Topic::Move => MOVE,
            Topic::Bump => BUMP,
            Topic::Draw => DRAW,
            Topic::Cards => CARDS,
            Topic::Winning => WINNING,
            Topic::Notation => NOTATION,
            Topic::Variants => VARIANTS,
        };
        marked(lang.text(en, fr), m)
    }
}

/// Discord's bold markers and slash commands kept, or for plain text (the terminal) the
/// bold dropped and the commands written as the terminal takes them (`colours`).
fn marked(text: &str, m: Markup) -> String {
    match m {
        Markup::Discord => text.to_string(),
        Markup::Plain => text
            .replace("**", "")
            .replace("`/climb ", "`")
            .replace("`/daifugo ", "`"),
    }
}

/// The rules of Prime Daifugo in short (`../shared/rules/prime-daifugo.md`).
pub fn daifugo(lang: Lang, m: Markup) -> String {
    marked(lang.text(DAIFUGO.0, DAIFUGO.1), m)
}

/// (English, French) for each topic.
type Text = (&'static str, &'static str);

const OVERVIEW: Text = (
    "**Prime Climb: overview**
2 to 4 players race their **two pawns** from Start (0) to the goal (**101**). \
Each turn has four phases: **Roll** two ten-sided dice, **Move** by adding, subtracting, \
multiplying or dividing by the dice, **Bump** pawns you land on back to Start, and \
**Draw** a Prime Card if you land on a red (prime) space. \
Every space shows its prime factors as coloured segments (`/climb colours`). \
The first player with both pawns on 101 wins.
Topics: roll, move, bump, draw, cards, winning, notation, variants.",
    "**Prime Climb : aperçu**
De 2 à 4 joueurs font la course avec leurs **deux pions**, du départ (0) à l'arrivée (**101**). \
Chaque tour a quatre phases : **lancer** deux dés à dix faces, **déplacer** en ajoutant, \
soustrayant, multipliant ou divisant par les dés, **renvoyer** au départ les pions sur \
lesquels vous arrivez, et **piocher** une carte Prime si vous arrivez sur une case rouge \
(un nombre premier). Chaque case montre ses facteurs premiers en segments colorés \
(`/climb couleurs`). Le premier joueur dont les deux pions sont sur 101 gagne.
Thèmes : lancer, déplacer, renvoyer, piocher, cartes, gagner, notation, variantes.",
);

const ROLL: Text = (
    "**Roll (§3.1)**
Roll two ten-sided dice, faces 1 to 10 (the face \"0\" is 10). The values are used \
**one at a time**: never added or multiplied together. **Doubles** give four uses of \
the value (some tables play \"two or four\"). You must use every value you rolled, \
unless you win in the middle of your move.",
    "**Lancer (§3.1)**
Lancez deux dés à dix faces, de 1 à 10 (la face « 0 » vaut 10). Les valeurs s'utilisent \
**une par une** : on ne les additionne ni ne les multiplie jamais entre elles. Un \
**double** donne quatre utilisations de la valeur (certaines tables jouent « deux ou \
quatre »). Il faut utiliser toutes les valeurs lancées, sauf si vous gagnez en cours de \
déplacement.",
);

const MOVE: Text = (
    "**Move (§3.2)**
Apply each die value to one of your pawns: `+`, `−`, `×` or `÷` (division must be exact). \
Split the values between your pawns in any order, or move one pawn only. \
**Every step must stay on the board** (0 to 101): 26 +9 = 35 then ×3 = 105 is not allowed. \
From Start, `+d` works, `×d` and `÷d` stay on 0, `−d` is refused. \
Keeper cards may be played before, between or after die values, but not one drawn this turn. \
Pawns may pass through and land on occupied spaces.",
    "**Déplacer (§3.2)**
Appliquez chaque valeur de dé à l'un de vos pions : `+`, `−`, `×` ou `÷` (la division \
doit tomber juste). Répartissez les valeurs entre vos pions dans l'ordre voulu, ou ne \
déplacez qu'un pion. **Chaque étape doit rester sur le plateau** (0 à 101) : 26 +9 = 35 \
puis ×3 = 105 est interdit. Depuis le départ, `+d` fonctionne, `×d` et `÷d` restent \
sur 0, `−d` est refusé. Les cartes à garder se jouent avant, entre ou après les dés, \
mais pas une carte piochée ce tour-ci. Les pions peuvent traverser une case occupée et \
s'y arrêter.",
);

const BUMP: Text = (
    "**Bump (§3.3)**
When your move ends, every other pawn on the same space as one of your pawns that moved \
is sent back to Start. Passing through never bumps. You can bump your own pawn: if your \
two pawns end on one space, the one that arrived last stays. Start (0) and the goal \
(101) never bump.",
    "**Renvoyer (§3.3)**
À la fin de votre déplacement, tout autre pion sur la même case qu'un de vos pions \
déplacés retourne au départ. Traverser une case ne renvoie personne. Vous pouvez \
renvoyer votre propre pion : si vos deux pions finissent sur la même case, le dernier \
arrivé reste. Le départ (0) et l'arrivée (101) ne renvoient jamais.",
);

const DRAW: Text = (
    "**Draw (§3.4)**
After bumping, draw **one** Prime Card if at least one of your pawns ends on a **red \
space** (a prime from 11 to 97) that it did not start the turn on. One card per turn at \
most. A **Keeper** goes face up in front of you; an **Action** card is resolved at once. \
An empty pile is refilled by shuffling the discards. Landing on 101 never draws.",
    "**Piocher (§3.4)**
Après les renvois, piochez **une** carte Prime si au moins un de vos pions finit sur une \
**case rouge** (un nombre premier de 11 à 97) où il n'a pas commencé le tour. Une carte \
par tour au plus. Une carte **à garder** se pose face visible devant vous ; une carte \
**action** s'applique aussitôt. Une pioche vide est reformée en mélangeant la défausse. \
Arriver sur 101 ne fait jamais piocher.",
);

const CARDS: Text = (
    "**Prime Cards (§6)**: 24 cards.
**Actions (11)**, resolved when drawn: Roll again! (×3), reverse your digits, switch two \
pawns, send a pawn to 64, ±50 around 50, back 10 or double around 50, advance to the \
nearest pawn ahead or back to the nearest behind (and send it to Start), steal a Keeper.
**Keepers (13)**, kept face up and played in your own Move phase: add or subtract N \
(N = 1 to 9), send every pawn within two spaces of yours to Start (×2), and the **Curse** \
(×2): on their next turn the cursed opponent may only subtract or divide.",
    "**Cartes Prime (§6)** : 24 cartes.
**Actions (11)**, appliquées à la pioche : Rejouez ! (×3), inversez vos chiffres, \
échangez deux pions, envoyez un pion sur 64, ±50 autour de 50, reculez de 10 ou doublez \
autour de 50, avancez jusqu'au pion le plus proche devant ou reculez jusqu'au plus proche \
derrière (et renvoyez-le au départ), volez une carte à garder.
**À garder (13)**, face visible, jouées pendant votre déplacement : ajoutez ou retirez N \
(N = 1 à 9), renvoyez au départ tous les pions à deux cases ou moins du vôtre (×2), et la \
**malédiction** (×2) : à son tour suivant, l'adversaire maudit ne peut que soustraire ou \
diviser.",
);

const WINNING: Text = (
    "**Winning (§5)**
A pawn that lands **exactly** on 101 leaves the board; nothing goes past 101 and there \
is no bouncing (98 with a 7: only 91 or 14). After your first pawn arrives, every \
remaining value goes to the other one. You win the moment your second pawn reaches 101, \
even with values left. The others are ranked by pawns home, then by how close their \
pawns are to the goal.",
    "**Gagner (§5)**
Un pion qui arrive **exactement** sur 101 quitte le plateau ; on ne dépasse jamais 101 et \
on ne rebondit pas (98 avec un 7 : seulement 91 ou 14). Une fois votre premier pion \
arrivé, toutes les valeurs restantes vont à l'autre. Vous gagnez dès que votre second \
pion atteint 101, même s'il reste des valeurs. Les autres sont classés par pions arrivés, \
puis par la proximité de leurs pions avec l'arrivée.",
);

const NOTATION: Text = (
    "**Notation (§4)**: how to type a move.
A number names your pawn by the space it stands on; the steps after it apply to that pawn. \
`14 -3 x9`: the pawn on 14, minus 3, then times 9. `4 +9 26 x3`: the pawn on 4 plus 9, then \
the pawn on 26 times 3. `64 /2 -3`: divide then subtract. `14 k+5`: play your ±5 Keeper. \
`*`, `×`, `÷` and `−` work too. A refused move says which step is wrong and why.",
    "**Notation (§4)** : comment écrire un déplacement.
Un nombre désigne votre pion par la case où il se trouve ; les étapes qui suivent \
s'appliquent à ce pion. `14 -3 x9` : le pion sur 14, moins 3, puis fois 9. `4 +9 26 x3` : \
le pion sur 4 plus 9, puis le pion sur 26 fois 3. `64 /2 -3` : diviser puis soustraire. \
`14 k+5` : jouer votre carte ±5. `*`, `×`, `÷` et `−` marchent aussi. Un déplacement \
refusé indique quelle étape est fausse et pourquoi.",
);

const VARIANTS: Text = (
    "**Variants (§7)**
**Double Time**: bump and draw after every step. **Way Stations**: land on chosen primes \
(30–80) before going home. **Prime Sprint**: the first pawn home wins. **Prime Decline**: \
start on 101 and race down to 0. **There and Back Again**: reach 101 with both pawns, then \
return to 0. **Solitaire 1 and 2**: alone with the nine ±N Keepers, in as few turns as \
possible. **Fill in the Blanks**: a server's own cards.",
    "**Variantes (§7)**
**Double Time** : renvois et pioche après chaque étape. **Way Stations** : passer par des \
nombres premiers choisis (30–80) avant d'arriver. **Prime Sprint** : le premier pion \
arrivé gagne. **Prime Decline** : partir de 101 et descendre jusqu'à 0. **Aller-retour** : \
atteindre 101 avec les deux pions, puis revenir à 0. **Solitaire 1 et 2** : seul avec les \
neuf cartes ±N, en le moins de tours possible. **Cartes à inventer** : les cartes d'un \
serveur.",
);

const DAIFUGO: Text = (
    "**Prime Daifugo Lvl. 0** (2–3 players, 10 cards each)
**Your turn**: 1) draw a card, or play a [D] (draw 2, then discard 1) — optional; \
2) play 1–3 cards side by side that form a **prime** (`3 10` is 310, `10 3` is 103), or pass.
**Following**: as many cards as the current play, and a larger number. Three-card plays use \
one-digit cards and need a card with the three-card icon (³). [0] is never first. A \
[5/9] or [4/6/8] card is played as one of its values: `5/9:9`.
**Judgment**: not prime? The cards go back and it counts as a pass (the bot shows the factors).
**Powers**: [10] Draw 2 — passing on a play with a [10] draws 2. [12] Stop — you end \
the round and lead again. SKIP (3 players) — the next player loses their turn.
**Round**: plays pile up in the play area; when everyone else passes, the area is cleared \
and the last player leads.
**Win**: empty your hand to win a game; a match is won at 2 games (or as set).",
    "**Prime Daifugo Lvl. 0** (2–3 joueurs, 10 cartes chacun)
**Votre tour** : 1) piochez une carte, ou jouez un [D] (piochez 2, puis défaussez-en 1) — facultatif ; \
2) jouez 1 à 3 cartes côte à côte qui forment un nombre **premier** (`3 10` vaut 310, `10 3` vaut 103), ou passez.
**Suivre** : autant de cartes que le coup en jeu, et un nombre plus grand. Les coups à trois \
cartes utilisent des cartes à un chiffre et demandent une carte avec l'icône trois cartes (³). \
[0] n'est jamais en premier. Une carte [5/9] ou [4/6/8] se joue comme une de ses valeurs : `5/9:9`.
**Jugement** : pas premier ? Les cartes reviennent et vous passez (le bot montre les facteurs).
**Pouvoirs** : [10] Pioche 2 — passer sur un coup avec un [10] fait piocher 2. [12] Stop — vous \
terminez la manche et menez à nouveau. SKIP (3 joueurs) — le joueur suivant passe son tour.
**Manche** : les coups s'empilent dans la zone de jeu ; quand tous les autres passent, la zone \
est vidée et le dernier joueur mène.
**Victoire** : videz votre main pour gagner une partie ; le premier à 2 victoires gagne le match (ou selon le réglage).",
);
