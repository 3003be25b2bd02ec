"""Every string the site's own pages show a reader, one table per language.

The four tables have the same keys and the same {placeholders}; a test fails when one
drifts. Fan names, definitions and rulings are not here: they live in fans.yaml.
Material's own interface (search box, footer, ...) is translated by the theme.
"""
from __future__ import annotations

LANGS: tuple[str, ...] = ("en", "zh", "es", "ko")
DEFAULT_LANG = "en"

# How each language names itself, for the switcher and the "names" table of a fan page.
LANGUAGE_NAMES = {"en": "English", "zh": "中文", "es": "Español", "ko": "한국어"}

TEXT: dict[str, dict[str, str]] = {
    "en": {
        # Missing translations: visible, never silent.
        "colon": ": ",
        "untranslated": "not yet translated",
        "untranslated_title": "Not translated yet: the English text is shown.",
        "partial_page_title": "Translation in progress",
        "partial_page_body": "Parts of this page are not translated yet. They are shown in English "
                             "and marked “not yet translated”.",
        "fallback_page_title": "Not yet translated",
        "fallback_page_body": "This page is not translated yet. The English text is shown until the "
                              "translation is ready.",
        # Navigation.
        "nav_home": "Home",
        "nav_rulebook": "Rulebook",
        "nav_fans": "Fans",
        "nav_points_group": "{points} points",
        "nav_quiz": "Quiz",
        # Points and counts.
        "points_one": "1 point",
        "points_other": "{n} points",
        # The fan table.
        "fan_table_title": "The {count} fans",
        "fan_table_intro": "Every fan of Chinese Official Mahjong, from the {top}-point hands down to "
                           "the {bottom}-point details. Choose a number of points or a family to narrow "
                           "the list; each row shows a typical hand and links to the fan's page.",
        "filter_points": "Points",
        "filter_family": "Family",
        "filter_all": "All",
        "filter_shown": "{shown} of {total} fans shown",
        "filter_none": "No fan matches these filters.",
        "col_number": "No.",
        "col_fan": "Fan",
        "col_points": "Points",
        "col_family": "Family",
        "col_example": "Typical hand",
        # A fan's page.
        "fan_number": "Fan {number} of {total}",
        "label_points": "Points",
        "label_family": "Family",
        "label_number": "Number",
        "section_names": "Names",
        "col_language": "Language",
        "col_name": "Name",
        "section_definition": "Definition",
        "section_note": "Common mistakes",
        "section_examples": "Examples",
        "examples_intro": "Each hand below scores {name}. The table under it is the complete "
                          "scoring the engine gives: every fan that counts, and every fan the "
                          "hand also shows but which is not counted, with the reason.",
        "section_near_misses": "Near misses",
        "near_misses_intro": "These hands look close but do not score {name}.",
        "section_excludes": "Not counted with it",
        "excludes_intro": "When {name} scores, these fans are not counted as well (non-repeat "
                          "principle):",
        "excludes_none": "{name} does not exclude any other fan.",
        "section_excluded_by": "Fans that include it",
        "excluded_by_intro": "{name} is not counted when one of these fans scores:",
        "excluded_by_none": "No other fan excludes {name}.",
        "section_rulings": "Rulings",
        "rulings_none": "No ruling concerns {name} yet.",
        "section_related": "Related fans",
        "related_intro": "The other fans of the family “{family}”:",
        "related_none": "{name} is the only fan of its family.",
        # Hand drawings and their scoring.
        "hand_label": "Hand",
        "meld_chow": "Claimed chow",
        "meld_pung": "Claimed pung",
        "meld_kong": "Melded kong",
        "meld_concealed_kong": "Concealed kong",
        "standing_tiles": "Concealed tiles",
        "winning_tile": "Winning tile",
        "face_down": "Face-down tile",
        "situation_self_drawn": "Self-drawn",
        "situation_discard": "Won on a discard",
        "situation_fourth_tile": "Last copy of the tile (the other three are visible)",
        "situation_replacement": "On a kong's replacement tile",
        "situation_robbing_kong": "Robbing a kong",
        "situation_last_wall_tile": "On the last tile of the wall",
        "situation_seat_wind": "Seat wind: {wind}",
        "situation_prevalent_wind": "Prevalent wind: {wind}",
        "situation_flowers": "Flowers: {n}",
        "wind_E": "East",
        "wind_S": "South",
        "wind_W": "West",
        "wind_N": "North",
        "score_caption": "Scoring",
        "score_fan": "Fan",
        "score_points": "Points",
        "score_count": "Times",
        "score_sets": "Sets",
        "score_whole_hand": "whole hand",
        "score_total": "Total",
        "score_total_with_flowers": "{total} ({base} + {flowers} for flowers)",
        "not_counted_caption": "Not counted",
        "reason_non_repeat": "implied by {fan}",
        "reason_non_separation": "its sets already form a larger fan (non-separation)",
        "reason_non_identical": "a set cannot make the same fan twice (non-identical)",
        "reason_account_once": "each combination needs a set not combined before (account once)",
        "valid_win": "Valid win: {points} points without flowers (at least {minimum} needed).",
        "invalid_win": "Not a valid win: {points} points without flowers, {minimum} needed.",
        "payments_self_drawn": "Self-drawn: each of the other three players pays {each}; the "
                               "winner receives {total}.",
        "payments_discard": "Won on a discard: the discarder pays {discarder}, each of the other "
                            "two pays {others}; the winner receives {total}.",
        # The rulings index.
        "rulings_title": "Rulings index",
        "rulings_intro": "Where the rules are silent or players read them differently, this site "
                         "follows the Chinese rules and the interpretations of the widely used MCR "
                         "scoring programs. Each ruling below gives the question, the answer the "
                         "scoring engine applies, the other readings you may meet, and the fans "
                         "it concerns.",
        "ruling_answer": "Ruling",
        "ruling_alternatives": "Other readings",
        "ruling_fans": "Fans concerned",
        # The notation page.
        "notation_title": "How to read the notation",
        "notation_intro": "This site draws every hand as tiles. Behind each drawing is a short "
                          "text notation, the one used by the common MCR scoring programs; you "
                          "meet it in the quizzes and when you score a hand with the `mcr` "
                          "command. This page shows how to read both.",
        "notation_tiles_heading": "Tiles",
        "notation_tiles_text": "A suited tile is its number followed by the letter of its suit: "
                               "`m` for characters, `p` for dots, `s` for bamboo. Tiles of one "
                               "suit share the letter: `123m` is 1, 2 and 3 of characters.",
        "notation_suit_m": "Characters (m)",
        "notation_suit_p": "Dots (p)",
        "notation_suit_s": "Bamboo (s)",
        "notation_honors_heading": "Winds and dragons",
        "notation_honors_text": "Each honor is one capital letter: the winds `E` `S` `W` `N`, and "
                                "the dragons `C` (red), `F` (green) and `P` (white).",
        "notation_flowers_heading": "Flowers",
        "notation_flowers_text": "Flowers are never written in the hand: they are set aside as "
                                 "they are drawn, and only their number counts, 1 point each.",
        "notation_hand_heading": "A winning hand",
        "notation_hand_text": "A hand lists its claimed sets first, each in square brackets, then "
                              "the tiles the player still holds. The last tile of all is the "
                              "winning tile. Spaces are allowed between groups.",
        "notation_example_text": "The hand `{hand}` has a claimed chow of 1-2-3 of characters and a "
                                 "claimed pung of East wind; the player holds the rest and won on "
                                 "the 3 of dots, written last:",
        "notation_melds_heading": "Claimed sets and kongs",
        "col_written": "Written",
        "col_meaning": "Meaning",
        "notation_meld_chow": "a chow claimed from another player",
        "notation_meld_pung": "a pung claimed from another player",
        "notation_meld_melded_kong": "a melded kong: a digit after the tiles marks it as exposed",
        "notation_meld_concealed_kong": "a concealed kong: four tiles, no digit",
        "notation_claim_digit": "A digit 1 to 3 after a claimed chow or pung may say which tile "
                                "was taken or from whom; it does not change the score.",
        "notation_drawing_heading": "How the drawings show a hand",
        "notation_drawing_text": "The drawing keeps the order of the notation and marks what the "
                                 "text marks with brackets and position:",
        "notation_legend_exposed": "Claimed sets lie face up in a blue-grey tint, on a raised "
                                   "tray, apart from the concealed tiles.",
        "notation_legend_concealed_kong": "A concealed kong shows two tiles face down at its "
                                          "ends, as it lies on the table.",
        "notation_legend_winning": "The winning tile stands apart at the end, outlined in orange.",
        "notation_legend_situation": "Under the tiles, a line tells how the hand was won: "
                                     "self-drawn or on a discard, special circumstances, the "
                                     "seat and prevalent winds, and the flowers.",
        "notation_situation_heading": "The situation of the win",
        "notation_situation_text": "Some fans depend on how the hand was won, not on its tiles. "
                                   "With the `mcr` command and in the quizzes these are given "
                                   "beside the hand:",
        "col_key": "Key",
        "notation_key_self_drawn": "the winner drew the winning tile",
        "notation_key_fourth_tile": "the other three copies of the winning tile were all visible",
        "notation_key_replacement": "won on the replacement tile drawn after a kong",
        "notation_key_robbing_kong": "won on a tile another player added to a pung",
        "notation_key_last_wall_tile": "won on the wall's last tile, drawn or discarded",
        "notation_key_seat_wind": "the winner's seat wind, `E` `S` `W` or `N` (East if not given)",
        "notation_key_prevalent_wind": "the wind of the round (East if not given)",
        "notation_key_flowers": "the number of flowers, 0 to 8",
        "notation_default_text": "Unless the drawing says otherwise, a hand was won on a discard, "
                                 "with East as seat and prevalent wind and no flowers.",
    },
    "zh": {
        "colon": "：",
        "untranslated": "尚未翻译",
        "untranslated_title": "尚无中文译文，显示英文原文。",
        "partial_page_title": "翻译进行中",
        "partial_page_body": "本页部分内容尚未译成中文，暂以英文显示，并标注“尚未翻译”。",
        "fallback_page_title": "尚未翻译",
        "fallback_page_body": "本页尚无中文版本，译文完成前显示英文原文。",
        "nav_home": "首页",
        "nav_rulebook": "规则",
        "nav_fans": "番种",
        "nav_points_group": "{points}分",
        "nav_quiz": "练习",
        "points_one": "1分",
        "points_other": "{n}分",
        "fan_table_title": "{count}个番种",
        "fan_table_intro": "国标麻将的全部番种，从{top}分到{bottom}分。可按分数或类别筛选；每一行附有一手典型牌例，"
                           "点击番种名称进入详细页面。",
        "filter_points": "分数",
        "filter_family": "类别",
        "filter_all": "全部",
        "filter_shown": "显示{shown}个番种，共{total}个",
        "filter_none": "没有符合筛选条件的番种。",
        "col_number": "序号",
        "col_fan": "番种",
        "col_points": "分数",
        "col_family": "类别",
        "col_example": "典型牌例",
        "fan_number": "第{number}个番种（共{total}个）",
        "label_points": "分数",
        "label_family": "类别",
        "label_number": "序号",
        "section_names": "各语言名称",
        "col_language": "语言",
        "col_name": "名称",
        "section_definition": "定义",
        "section_note": "常见错误",
        "section_examples": "牌例",
        "examples_intro": "下面每手牌都计{name}。牌下的表格是计分程序给出的完整计分：所有计入的番种，"
                          "以及牌中虽有但不计的番种和不计的原因。",
        "section_near_misses": "易混淆的牌例",
        "near_misses_intro": "以下牌看似接近，但不计{name}。",
        "section_excludes": "不计的番种",
        "excludes_intro": "计{name}时，以下番种不再重复计算（不重复原则）：",
        "excludes_none": "{name}不排除其他番种。",
        "section_excluded_by": "包含此番种的番种",
        "excluded_by_intro": "下列任一番种成立时，不计{name}：",
        "excluded_by_none": "没有其他番种排除{name}。",
        "section_rulings": "裁定",
        "rulings_none": "目前没有涉及{name}的裁定。",
        "section_related": "相关番种",
        "related_intro": "“{family}”类的其他番种：",
        "related_none": "{name}是该类别中唯一的番种。",
        "hand_label": "手牌",
        "meld_chow": "吃进的顺子",
        "meld_pung": "碰出的刻子",
        "meld_kong": "明杠",
        "meld_concealed_kong": "暗杠",
        "standing_tiles": "手中的牌",
        "winning_tile": "和牌张",
        "face_down": "扣着的牌",
        "situation_self_drawn": "自摸",
        "situation_discard": "点和",
        "situation_fourth_tile": "和绝张（其余三张均已亮明）",
        "situation_replacement": "杠后补牌和牌",
        "situation_robbing_kong": "抢杠和",
        "situation_last_wall_tile": "和牌墙最后一张",
        "situation_seat_wind": "门风：{wind}",
        "situation_prevalent_wind": "圈风：{wind}",
        "situation_flowers": "花牌：{n}张",
        "wind_E": "东",
        "wind_S": "南",
        "wind_W": "西",
        "wind_N": "北",
        "score_caption": "计分",
        "score_fan": "番种",
        "score_points": "分数",
        "score_count": "次数",
        "score_sets": "组成",
        "score_whole_hand": "整手牌",
        "score_total": "合计",
        "score_total_with_flowers": "{total}（{base} + 花牌{flowers}）",
        "not_counted_caption": "不计",
        "reason_non_repeat": "已含于{fan}",
        "reason_non_separation": "这些牌已组成更大的番种（不拆移原则）",
        "reason_non_identical": "同一副牌不能重复组成同一番种（不得相同原则）",
        "reason_account_once": "每次组合须有一副未组合过的牌（套算一次原则）",
        "valid_win": "和牌成立：不计花牌{points}分（起和{minimum}分）。",
        "invalid_win": "错和：不计花牌只有{points}分，不足{minimum}分。",
        "payments_self_drawn": "自摸：其他三家各付{each}分，和牌者共得{total}分。",
        "payments_discard": "点和：点炮者付{discarder}分，其他两家各付{others}分，和牌者共得{total}分。",
        "rulings_title": "裁定索引",
        "rulings_intro": "规则没有明文规定或存在不同理解之处，本站依照中国规则及常用国标麻将计分软件的解释。"
                         "每条裁定列出问题、计分程序采用的答案、可能遇到的其他解释，以及涉及的番种。",
        "ruling_answer": "裁定",
        "ruling_alternatives": "其他解释",
        "ruling_fans": "涉及的番种",
        "notation_title": "牌谱记法说明",
        "notation_intro": "本站把每一手牌都画成牌面图。每幅图背后是一种简短的文字记法，即常用国标计分软件的记法；"
                          "在练习题中以及用 `mcr` 命令计分时都会用到。本页说明如何阅读两者。",
        "notation_tiles_heading": "牌",
        "notation_tiles_text": "序数牌写作数字加花色字母：`m` 表示万，`p` 表示饼，`s` 表示条。"
                               "同一花色的牌共用一个字母：`123m` 即一万、二万、三万。",
        "notation_suit_m": "万（m）",
        "notation_suit_p": "饼（p）",
        "notation_suit_s": "条（s）",
        "notation_honors_heading": "风牌与箭牌",
        "notation_honors_text": "每张字牌用一个大写字母表示：风牌 `E` `S` `W` `N`（东南西北），"
                                "箭牌 `C`（红中）、`F`（发财）、`P`（白板）。",
        "notation_flowers_heading": "花牌",
        "notation_flowers_text": "花牌不写入手牌：摸到即补花放在一旁，只计张数，每张1分。",
        "notation_hand_heading": "一手和牌",
        "notation_hand_text": "先写吃、碰、杠出的牌组，各用方括号括起，再写手中的牌。最后一张就是和牌张。"
                              "各组之间可以加空格。",
        "notation_example_text": "`{hand}` 这手牌吃了一万二万三万，碰了东风；其余为手中的牌，"
                                 "和的是写在最后的三饼：",
        "notation_melds_heading": "副露与杠",
        "col_written": "写法",
        "col_meaning": "含义",
        "notation_meld_chow": "吃进的顺子",
        "notation_meld_pung": "碰出的刻子",
        "notation_meld_melded_kong": "明杠：牌后加一个数字表示亮出",
        "notation_meld_concealed_kong": "暗杠：四张牌，不加数字",
        "notation_claim_digit": "吃、碰的牌组后可加数字1至3，表示吃碰的是哪一张或来自哪一家；不影响计分。",
        "notation_drawing_heading": "牌图的画法",
        "notation_drawing_text": "牌图保持记法的顺序，并把文字中用括号和位置表示的信息画出来：",
        "notation_legend_exposed": "副露的牌组面朝上，呈蓝灰色，放在托板上，与手中的牌分开。",
        "notation_legend_concealed_kong": "暗杠两端各有一张扣着的牌，与牌桌上的摆法相同。",
        "notation_legend_winning": "和牌张单独放在最后，带橙色边框。",
        "notation_legend_situation": "牌下一行说明和牌方式：自摸还是点和、特殊情形、门风与圈风、花牌张数。",
        "notation_situation_heading": "和牌情形",
        "notation_situation_text": "有些番种取决于怎样和牌，而不是手中的牌。用 `mcr` 命令计分和做练习时，"
                                   "这些情形与手牌一起给出：",
        "col_key": "字段",
        "notation_key_self_drawn": "和牌张由和牌者自己摸到",
        "notation_key_fourth_tile": "和牌张的其余三张都已亮明",
        "notation_key_replacement": "开杠后补牌和牌",
        "notation_key_robbing_kong": "和别人加杠的那张牌",
        "notation_key_last_wall_tile": "和牌墙最后一张（自摸或其打出的牌）",
        "notation_key_seat_wind": "和牌者的门风，`E` `S` `W` 或 `N`（未给出时为东）",
        "notation_key_prevalent_wind": "本圈的圈风（未给出时为东）",
        "notation_key_flowers": "花牌张数，0至8",
        "notation_default_text": "除非图下另有说明，牌例均为点和，门风、圈风都是东，没有花牌。",
    },
    "es": {
        "colon": ": ",
        "untranslated": "sin traducir todavía",
        "untranslated_title": "Aún no hay traducción al español: se muestra el texto en inglés.",
        "partial_page_title": "Traducción en curso",
        "partial_page_body": "Partes de esta página aún no están traducidas al español. Se "
                             "muestran en inglés con la marca «sin traducir todavía».",
        "fallback_page_title": "Sin traducir todavía",
        "fallback_page_body": "Esta página aún no está disponible en español. Se muestra el "
                              "texto en inglés hasta que la traducción esté lista.",
        "nav_home": "Inicio",
        "nav_rulebook": "Reglamento",
        "nav_fans": "Fans",
        "nav_points_group": "{points} puntos",
        "nav_quiz": "Ejercicios",
        "points_one": "1 punto",
        "points_other": "{n} puntos",
        "fan_table_title": "Los {count} fans",
        "fan_table_intro": "Todos los fans del Mahjong Oficial Chino, desde las manos de {top} puntos "
                           "hasta los detalles que valen {bottom}. Elige un número de puntos o una familia "
                           "para acotar la lista; cada fila muestra una mano típica y enlaza con "
                           "la página del fan.",
        "filter_points": "Puntos",
        "filter_family": "Familia",
        "filter_all": "Todos",
        "filter_shown": "{shown} de {total} fans",
        "filter_none": "Ningún fan cumple estos filtros.",
        "col_number": "N.º",
        "col_fan": "Fan",
        "col_points": "Puntos",
        "col_family": "Familia",
        "col_example": "Mano típica",
        "fan_number": "Fan {number} de {total}",
        "label_points": "Puntos",
        "label_family": "Familia",
        "label_number": "Número",
        "section_names": "Nombres",
        "col_language": "Idioma",
        "col_name": "Nombre",
        "section_definition": "Definición",
        "section_note": "Errores frecuentes",
        "section_examples": "Ejemplos",
        "examples_intro": "Cada mano de abajo puntúa {name}. La tabla que la acompaña es la "
                          "puntuación completa que da el motor: todos los fans que cuentan y "
                          "todos los que la mano también muestra pero no se cuentan, con el motivo.",
        "section_near_misses": "Casi, pero no",
        "near_misses_intro": "Estas manos se parecen, pero no puntúan {name}.",
        "section_excludes": "No se cuenta con él",
        "excludes_intro": "Cuando puntúa {name}, estos fans ya no se cuentan (principio de no "
                          "repetición):",
        "excludes_none": "{name} no excluye ningún otro fan.",
        "section_excluded_by": "Fans que lo incluyen",
        "excluded_by_intro": "{name} no se cuenta cuando puntúa alguno de estos fans:",
        "excluded_by_none": "Ningún otro fan excluye {name}.",
        "section_rulings": "Resoluciones",
        "rulings_none": "Todavía no hay ninguna resolución sobre {name}.",
        "section_related": "Fans relacionados",
        "related_intro": "Los demás fans de la familia «{family}»:",
        "related_none": "{name} es el único fan de su familia.",
        "hand_label": "Mano",
        "meld_chow": "Chow reclamado",
        "meld_pung": "Pung reclamado",
        "meld_kong": "Kong expuesto",
        "meld_concealed_kong": "Kong oculto",
        "standing_tiles": "Fichas ocultas",
        "winning_tile": "Ficha ganadora",
        "face_down": "Ficha boca abajo",
        "situation_self_drawn": "Autorrobada",
        "situation_discard": "Por descarte",
        "situation_fourth_tile": "Última ficha de su clase (las otras tres están a la vista)",
        "situation_replacement": "Con la ficha de reposición de un kong",
        "situation_robbing_kong": "Robando un kong",
        "situation_last_wall_tile": "Con la última ficha del muro",
        "situation_seat_wind": "Viento de asiento: {wind}",
        "situation_prevalent_wind": "Viento de ronda: {wind}",
        "situation_flowers": "Flores: {n}",
        "wind_E": "Este",
        "wind_S": "Sur",
        "wind_W": "Oeste",
        "wind_N": "Norte",
        "score_caption": "Puntuación",
        "score_fan": "Fan",
        "score_points": "Puntos",
        "score_count": "Veces",
        "score_sets": "Grupos",
        "score_whole_hand": "toda la mano",
        "score_total": "Total",
        "score_total_with_flowers": "{total} ({base} + {flowers} por flores)",
        "not_counted_caption": "No se cuentan",
        "reason_non_repeat": "incluido en {fan}",
        "reason_non_separation": "sus grupos ya forman un fan mayor (no separación)",
        "reason_non_identical": "un grupo no puede formar dos veces el mismo fan (no identidad)",
        "reason_account_once": "cada combinación necesita un grupo aún no combinado (contar una sola vez)",
        "valid_win": "Mano ganadora válida: {points} puntos sin flores (mínimo {minimum}).",
        "invalid_win": "No es una mano ganadora válida: {points} puntos sin flores, se necesitan "
                       "{minimum}.",
        "payments_self_drawn": "Autorrobada: cada uno de los otros tres jugadores paga {each}; el "
                               "ganador recibe {total}.",
        "payments_discard": "Por descarte: quien descartó paga {discarder} y cada uno de los otros "
                            "dos paga {others}; el ganador recibe {total}.",
        "rulings_title": "Índice de resoluciones",
        "rulings_intro": "Donde el reglamento calla o se lee de maneras distintas, este sitio sigue "
                         "las reglas chinas y las interpretaciones de los programas de puntuación "
                         "MCR más usados. Cada resolución da la pregunta, la respuesta que aplica "
                         "el motor de puntuación, las otras lecturas que puedes encontrar y los "
                         "fans a los que afecta.",
        "ruling_answer": "Resolución",
        "ruling_alternatives": "Otras lecturas",
        "ruling_fans": "Fans afectados",
        "notation_title": "Cómo leer la notación",
        "notation_intro": "Este sitio dibuja cada mano con sus fichas. Detrás de cada dibujo hay "
                          "una notación de texto breve, la de los programas de puntuación MCR "
                          "habituales; la verás en los ejercicios y al puntuar una mano con el "
                          "comando `mcr`. Esta página explica cómo leer ambas cosas.",
        "notation_tiles_heading": "Fichas",
        "notation_tiles_text": "Una ficha de palo se escribe con su número seguido de la letra del "
                               "palo: `m` para caracteres, `p` para círculos y `s` para bambú. Las "
                               "fichas de un mismo palo comparten la letra: `123m` son el 1, el 2 y "
                               "el 3 de caracteres.",
        "notation_suit_m": "Caracteres (m)",
        "notation_suit_p": "Círculos (p)",
        "notation_suit_s": "Bambú (s)",
        "notation_honors_heading": "Vientos y dragones",
        "notation_honors_text": "Cada ficha de honor es una letra mayúscula: los vientos `E` `S` "
                                "`W` `N` (Este, Sur, Oeste, Norte) y los dragones `C` (rojo), `F` "
                                "(verde) y `P` (blanco).",
        "notation_flowers_heading": "Flores",
        "notation_flowers_text": "Las flores nunca se escriben en la mano: se apartan al robarlas y "
                                 "solo cuenta cuántas hay, 1 punto cada una.",
        "notation_hand_heading": "Una mano ganadora",
        "notation_hand_text": "Primero van los grupos reclamados, cada uno entre corchetes, y luego "
                              "las fichas que el jugador conserva en la mano. La última ficha de "
                              "todas es la ficha ganadora. Se admiten espacios entre grupos.",
        "notation_example_text": "La mano `{hand}` tiene un chow reclamado de 1-2-3 de caracteres y "
                                 "un pung reclamado de viento Este; el jugador conserva el resto y "
                                 "ganó con el 3 de círculos, escrito al final:",
        "notation_melds_heading": "Grupos reclamados y kongs",
        "col_written": "Se escribe",
        "col_meaning": "Significado",
        "notation_meld_chow": "un chow reclamado a otro jugador",
        "notation_meld_pung": "un pung reclamado a otro jugador",
        "notation_meld_melded_kong": "un kong expuesto: una cifra tras las fichas lo marca como "
                                     "expuesto",
        "notation_meld_concealed_kong": "un kong oculto: cuatro fichas, sin cifra",
        "notation_claim_digit": "Una cifra del 1 al 3 tras un chow o un pung reclamado puede "
                                "indicar qué ficha se tomó o de quién; no cambia la puntuación.",
        "notation_drawing_heading": "Cómo muestran los dibujos una mano",
        "notation_drawing_text": "El dibujo respeta el orden de la notación y muestra lo que el "
                                 "texto indica con corchetes y posiciones:",
        "notation_legend_exposed": "Los grupos reclamados están boca arriba, con un tono gris "
                                   "azulado, sobre una bandeja y separados de las fichas ocultas.",
        "notation_legend_concealed_kong": "Un kong oculto muestra dos fichas boca abajo en sus "
                                          "extremos, tal como queda en la mesa.",
        "notation_legend_winning": "La ficha ganadora va aparte, al final, con borde naranja.",
        "notation_legend_situation": "Bajo las fichas, una línea dice cómo se ganó la mano: "
                                     "autorrobada o por descarte, las circunstancias especiales, "
                                     "los vientos de asiento y de ronda, y las flores.",
        "notation_situation_heading": "La situación de la victoria",
        "notation_situation_text": "Algunos fans dependen de cómo se ganó la mano, no de sus "
                                   "fichas. Con el comando `mcr` y en los ejercicios se indican "
                                   "junto a la mano:",
        "col_key": "Clave",
        "notation_key_self_drawn": "el ganador robó la ficha ganadora",
        "notation_key_fourth_tile": "las otras tres copias de la ficha ganadora estaban a la vista",
        "notation_key_replacement": "ganó con la ficha de reposición robada tras un kong",
        "notation_key_robbing_kong": "ganó con la ficha que otro jugador añadía a un pung",
        "notation_key_last_wall_tile": "ganó con la última ficha del muro, robada o descartada",
        "notation_key_seat_wind": "el viento de asiento del ganador, `E` `S` `W` o `N` (Este si no "
                                  "se indica)",
        "notation_key_prevalent_wind": "el viento de la ronda (Este si no se indica)",
        "notation_key_flowers": "el número de flores, de 0 a 8",
        "notation_default_text": "Salvo que el dibujo diga otra cosa, la mano se ganó por "
                                 "descarte, con Este como viento de asiento y de ronda, y sin "
                                 "flores.",
    },
    "ko": {
        "colon": ": ",
        "untranslated": "아직 번역되지 않음",
        "untranslated_title": "아직 한국어 번역이 없어 영어 원문을 표시합니다.",
        "partial_page_title": "번역 진행 중",
        "partial_page_body": "이 페이지의 일부는 아직 한국어로 번역되지 않았습니다. 해당 부분은 "
                             "영어로 표시되며 “아직 번역되지 않음”으로 표시됩니다.",
        "fallback_page_title": "아직 번역되지 않음",
        "fallback_page_body": "이 페이지는 아직 한국어로 제공되지 않습니다. 번역이 끝날 때까지 "
                              "영어 원문을 표시합니다.",
        "nav_home": "홈",
        "nav_rulebook": "규칙",
        "nav_fans": "역",
        "nav_points_group": "{points}점",
        "nav_quiz": "연습 문제",
        "points_one": "1점",
        "points_other": "{n}점",
        "fan_table_title": "{count}가지 역",
        "fan_table_intro": "국표마작(중국 공식 마작)의 모든 역을 {top}점부터 {bottom}점까지 정리했습니다. 점수나 "
                           "분류를 골라 목록을 좁힐 수 있고, 각 행에는 대표적인 패 예시와 해당 역의 "
                           "페이지로 가는 링크가 있습니다.",
        "filter_points": "점수",
        "filter_family": "분류",
        "filter_all": "전체",
        "filter_shown": "{total}개 중 {shown}개 표시",
        "filter_none": "조건에 맞는 역이 없습니다.",
        "col_number": "번호",
        "col_fan": "역",
        "col_points": "점수",
        "col_family": "분류",
        "col_example": "대표 예시",
        "fan_number": "{total}가지 역 중 {number}번째",
        "label_points": "점수",
        "label_family": "분류",
        "label_number": "번호",
        "section_names": "언어별 이름",
        "col_language": "언어",
        "col_name": "이름",
        "section_definition": "정의",
        "section_note": "자주 하는 실수",
        "section_examples": "예시",
        "examples_intro": "아래의 각 패는 {name}이(가) 성립합니다. 패 아래의 표는 계산 엔진이 내놓은 "
                          "전체 점수 계산으로, 인정되는 모든 역과, 패에 나타나지만 계산하지 않는 역 "
                          "및 그 이유를 보여 줍니다.",
        "section_near_misses": "비슷하지만 아닌 경우",
        "near_misses_intro": "다음 패는 비슷해 보이지만 {name}이(가) 성립하지 않습니다.",
        "section_excludes": "함께 계산하지 않는 역",
        "excludes_intro": "{name}이(가) 성립하면 다음 역은 따로 계산하지 않습니다(불중복 원칙):",
        "excludes_none": "{name}은(는) 다른 역을 배제하지 않습니다.",
        "section_excluded_by": "이 역을 포함하는 역",
        "excluded_by_intro": "다음 역 중 하나가 성립하면 {name}은(는) 계산하지 않습니다:",
        "excluded_by_none": "{name}을(를) 배제하는 다른 역은 없습니다.",
        "section_rulings": "판정",
        "rulings_none": "아직 {name}에 관한 판정은 없습니다.",
        "section_related": "관련 역",
        "related_intro": "“{family}” 분류의 다른 역:",
        "related_none": "{name}은(는) 이 분류의 유일한 역입니다.",
        "hand_label": "손패",
        "meld_chow": "치한 슌쯔",
        "meld_pung": "퐁한 커쯔",
        "meld_kong": "명깡",
        "meld_concealed_kong": "암깡",
        "standing_tiles": "손에 든 패",
        "winning_tile": "화료패",
        "face_down": "뒤집힌 패",
        "situation_self_drawn": "쯔모",
        "situation_discard": "론",
        "situation_fourth_tile": "절장 (나머지 세 장이 모두 공개됨)",
        "situation_replacement": "깡 후 보충패로 화료",
        "situation_robbing_kong": "창깡",
        "situation_last_wall_tile": "패산의 마지막 패로 화료",
        "situation_seat_wind": "문풍: {wind}",
        "situation_prevalent_wind": "권풍: {wind}",
        "situation_flowers": "꽃패: {n}장",
        "wind_E": "동",
        "wind_S": "남",
        "wind_W": "서",
        "wind_N": "북",
        "score_caption": "점수 계산",
        "score_fan": "역",
        "score_points": "점수",
        "score_count": "횟수",
        "score_sets": "구성",
        "score_whole_hand": "패 전체",
        "score_total": "합계",
        "score_total_with_flowers": "{total} ({base} + 꽃패 {flowers})",
        "not_counted_caption": "계산하지 않는 역",
        "reason_non_repeat": "{fan}에 포함됨",
        "reason_non_separation": "이 패들이 이미 더 큰 역을 이룸 (불분리 원칙)",
        "reason_non_identical": "같은 몸통으로 같은 역을 두 번 만들 수 없음 (불동일 원칙)",
        "reason_account_once": "조합마다 아직 조합하지 않은 몸통이 하나 필요함 (한 번만 조합 원칙)",
        "valid_win": "화료 성립: 꽃패 제외 {points}점 (최소 {minimum}점 필요).",
        "invalid_win": "화료 불성립(착화): 꽃패 제외 {points}점으로 {minimum}점에 못 미침.",
        "payments_self_drawn": "쯔모: 나머지 세 명이 각각 {each}점을 내고, 화료자는 {total}점을 받습니다.",
        "payments_discard": "론: 방총자가 {discarder}점, 나머지 두 명이 각각 {others}점을 내고, "
                            "화료자는 {total}점을 받습니다.",
        "rulings_title": "판정 색인",
        "rulings_intro": "규칙에 명시되지 않았거나 해석이 갈리는 부분은 중국 규칙과 널리 쓰이는 국표마작 "
                         "점수 계산 프로그램의 해석을 따릅니다. 각 판정에는 질문, 계산 엔진이 적용하는 "
                         "답, 다른 해석, 관련된 역이 나옵니다.",
        "ruling_answer": "판정",
        "ruling_alternatives": "다른 해석",
        "ruling_fans": "관련 역",
        "notation_title": "패 표기법 읽는 법",
        "notation_intro": "이 사이트는 모든 패를 그림으로 보여 줍니다. 각 그림 뒤에는 널리 쓰이는 국표마작 "
                          "점수 계산 프로그램과 같은 짧은 텍스트 표기가 있으며, 연습 문제와 `mcr` "
                          "명령으로 점수를 계산할 때 이 표기를 씁니다. 이 페이지에서는 둘 다 읽는 법을 "
                          "설명합니다.",
        "notation_tiles_heading": "패",
        "notation_tiles_text": "수패는 숫자 뒤에 종류 글자를 붙여 씁니다. `m`은 만수, `p`는 통수, "
                               "`s`는 삭수입니다. 같은 종류의 패는 글자 하나를 함께 씁니다. `123m`은 "
                               "1만, 2만, 3만입니다.",
        "notation_suit_m": "만수 (m)",
        "notation_suit_p": "통수 (p)",
        "notation_suit_s": "삭수 (s)",
        "notation_honors_heading": "풍패와 삼원패",
        "notation_honors_text": "자패는 대문자 하나로 씁니다. 풍패는 `E` `S` `W` `N`(동남서북), "
                                "삼원패는 `C`(중), `F`(발), `P`(백)입니다.",
        "notation_flowers_heading": "꽃패",
        "notation_flowers_text": "꽃패는 손패에 적지 않습니다. 뽑는 즉시 옆에 내려놓고 보충하며, 장수만 "
                                 "세어 한 장에 1점입니다.",
        "notation_hand_heading": "화료한 손패",
        "notation_hand_text": "먼저 치·퐁·깡으로 공개한 몸통을 각각 대괄호로 묶어 쓰고, 이어서 손에 든 패를 "
                              "씁니다. 맨 마지막 패가 화료패입니다. 몸통 사이에는 공백을 넣어도 됩니다.",
        "notation_example_text": "`{hand}`는 1-2-3만을 치하고 동풍을 퐁한 패입니다. 나머지는 손에 든 "
                                 "패이고, 마지막에 적힌 3통으로 화료했습니다:",
        "notation_melds_heading": "공개한 몸통과 깡",
        "col_written": "표기",
        "col_meaning": "뜻",
        "notation_meld_chow": "다른 사람의 패를 치해서 만든 슌쯔",
        "notation_meld_pung": "다른 사람의 패를 퐁해서 만든 커쯔",
        "notation_meld_melded_kong": "명깡: 패 뒤의 숫자가 공개한 깡임을 나타냄",
        "notation_meld_concealed_kong": "암깡: 숫자 없이 네 장",
        "notation_claim_digit": "치·퐁한 몸통 뒤에 1~3의 숫자를 붙여 어느 패를 누구에게서 가져왔는지 "
                                "적을 수 있습니다. 점수에는 영향이 없습니다.",
        "notation_drawing_heading": "그림으로 패를 보여 주는 방식",
        "notation_drawing_text": "그림은 표기의 순서를 그대로 따르며, 텍스트에서 괄호와 위치로 나타내는 "
                                 "정보를 이렇게 그립니다:",
        "notation_legend_exposed": "공개한 몸통은 앞면이 보이게 푸른 회색으로, 손에 든 패와 떨어진 받침 "
                                   "위에 놓입니다.",
        "notation_legend_concealed_kong": "암깡은 탁자에 놓인 모양대로 양 끝 두 장을 뒤집어 보여 줍니다.",
        "notation_legend_winning": "화료패는 맨 끝에 따로 놓이고 주황색 테두리가 있습니다.",
        "notation_legend_situation": "패 아래 줄에는 화료 방식이 나옵니다. 쯔모인지 론인지, 특수 상황, "
                                     "문풍과 권풍, 꽃패 수입니다.",
        "notation_situation_heading": "화료 상황",
        "notation_situation_text": "어떤 역은 손패가 아니라 화료한 방식에 따라 정해집니다. `mcr` 명령과 "
                                   "연습 문제에서는 이 상황을 손패와 함께 지정합니다:",
        "col_key": "항목",
        "notation_key_self_drawn": "화료자가 화료패를 직접 뽑음",
        "notation_key_fourth_tile": "화료패의 나머지 세 장이 모두 공개되어 있었음",
        "notation_key_replacement": "깡을 한 뒤 뽑은 보충패로 화료",
        "notation_key_robbing_kong": "다른 사람이 커쯔에 더해 깡을 하려던 패로 화료",
        "notation_key_last_wall_tile": "패산의 마지막 패로 화료 (쯔모 또는 그 버림패)",
        "notation_key_seat_wind": "화료자의 문풍, `E` `S` `W` 또는 `N` (지정하지 않으면 동)",
        "notation_key_prevalent_wind": "그 판의 권풍 (지정하지 않으면 동)",
        "notation_key_flowers": "꽃패 수, 0~8",
        "notation_default_text": "그림 아래에 따로 적지 않으면 론으로 화료했고, 문풍과 권풍은 모두 동이며 "
                                 "꽃패는 없습니다.",
    },
}


def text(lang: str, key: str, **values: object) -> str:
    """The string `key` in `lang`, with {placeholders} filled from `values`."""
    template = TEXT[lang][key]
    return template.format(**values) if values else template


def points_label(lang: str, points: int) -> str:
    """'1 point', '8 points', '8分', '8점', '8 puntos'."""
    return text(lang, "points_one" if points == 1 else "points_other", n=points)


def wind_name(lang: str, letter: str) -> str:
    return text(lang, f"wind_{letter}")
