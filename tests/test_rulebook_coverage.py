"""Coverage of the seeds: for each game, every rule sentence of its original
rules (quoted), the words of this edition's rulebook that state it, and the
test that checks the engine (or the kit) plays it.

An entry's test is ``file::function``; None where the sentence is a piece
of advice or a matter for the table alone (who sits where, a time limit),
which no program plays. The table is read three ways: the rulebook (its
PDF's text, in the variant the entry names) holds the words, the test
exists, and no sentence is listed twice."""

from __future__ import annotations

import re

import pytest

from printkit import TEMPLATES_DIR
from printkit.kit import BuildOptions
from rulebook_cases import flat, pdf

TESTS = TEMPLATES_DIR.parent / "tests"

MCKINNEY = [
    ("The goal of Paper, Rock, Scissors is to eliminate all other Builders.",
     "The last Builder standing wins.", "test_mckinney_rules.py::test_the_last_builder_standing_wins"),
    ("Since Builders cannot attack directly, they must build Units in one of three types.",
     "Builders never attack.", "test_mckinney_rules.py::test_builder_moves_through_empty_squares_without_revisiting"),
    ("each type of Unit destroys and is destroyed by a different type: Paper covers Rock, Rock smashes "
     "Scissors, Scissors cuts Paper.", "Paper beats Rock, Rock beats Scissors, Scissors beats Paper.",
     "test_mckinney_scenarios.py::test_a_unit_does_not_take_an_enemy_unit_of_its_own_type_nor_one_that_beats_it"),
    ("finally, defeat the opposing Builders by defeating the three Shields on top of the Builder.",
     "Each Builder carries 3 Shields; lose the last one and you are out.",
     "test_mckinney_rules.py::test_the_last_shield_eliminates_a_player_and_all_their_units"),
    ("The game ends when only one Builder remains.", "The game ends when only one Builder remains: its player wins.",
     "test_mckinney_rules.py::test_the_last_builder_standing_wins"),
    ("Each Player controls two Sliders on their corner of the Board.",
     "two per player, Slider A and Slider B, printed along the outer edges of that player's quadrant",
     "test_kit_assembly.py::test_plus_minus_spaces_are_printed_where_the_engine_plays_them"),
    ("Slider A controls the Builder's movement AND the Builder's ability to build Units.",
     "Builder (Slider A). Do one of these, or nothing", "test_mckinney_rules.py::test_builder_cannot_move_and_build"),
    ("As one value is raised, the other value is inversely lowered.",
     "Each notch of a Slider pairs two values that trade against each other.",
     "test_mckinney_rules.py::test_slider_moves_by_the_dots_in_the_chosen_direction_and_stops_at_the_end"),
    ("Slider B uses the same inverse relationship, but this Slider controls how many Units can move per Turn "
     "AND how many steps (squares on the Board) each Unit can take per Turn.",
     "Units (Slider B). As many different Units as Slider B's",
     "test_mckinney_scenarios.py::test_different_units_each_move_once"),
    ("Both Sliders begin the game set to the far left position until they move.",
     "Both Slider Markers go on the starting notch", "test_mckinney_rules.py::test_initial_position_and_first_moves"),
    ("The Sliders are moved when a Builder moves onto a +/- Space, wherein the appropriate Slider will be moved "
     "the number of dots on the Space in whichever direction the Player chooses.",
     "When your Builder ends its move on one, move that Slider's marker by as many notches as there are dots, "
     "left or right as you choose.",
     "test_mckinney_rules.py::test_slider_moves_by_the_dots_in_the_chosen_direction_and_stops_at_the_end"),
    ("If marker moves to the far end of the Slider, that is as far as it goes, it does not \u201cbounce back\u201d "
     "the other direction.", "it does not bounce back",
     "test_mckinney_scenarios.py::test_a_slider_stops_at_its_left_end"),
    ("Movement of both Builders and Units are only in straight lines along 90\u00b0 points (no diagonal movement).",
     "straight across a side, never diagonally",
     "test_mckinney_paths.py::test_unit_moves_are_exactly_those_the_rules_allow"),
    ("Each Unit move a maximum of the number on the B-Slider at the start of the Turn, but it is not required to "
     "move the full number of steps, though these untaken steps cannot be transferred to another Unit nor used "
     "on another Turn.", "Steps a Unit does not use are lost; they cannot go to another Unit or another turn.",
     "test_mckinney_rules.py::test_slider_values_are_read_at_the_start_of_the_turn"),
    ("Builders move in the same way, limited by the A-Slider instead, but the Builder cannot move AND build "
     "Units during the same Turn.", "Never both in the same turn.",
     "test_mckinney_rules.py::test_builder_cannot_move_and_build"),
    ("Combat is a simple as moving a Unit onto a Space occupied by a vulnerable enemy Unit.",
     "A Unit may step onto an enemy Unit of the type it beats",
     "test_mckinney_rules.py::test_scissors_cut_through_two_papers_in_one_move"),
    ("Any Unit can eliminate as many enemy Units in a single Turn as it can so long as its path continues "
     "through its vulnerable Type.", "taking more Units on the way",
     "test_mckinney_rules.py::test_scissors_cut_through_two_papers_in_one_move"),
    ("Units of the same type cannot attack one another, nor move through a Space occupied by a Unit of the same "
     "type.", "a square holding a Unit of its own type, of any colour",
     "test_mckinney_rules.py::test_unit_stopped_by_a_unit_of_its_own_type_of_another_colour"),
    ("Defeated Units are returned to their Players\u2019 cache of unused Units to eventually be built again.",
     "that Unit goes back to its owner's cache", "test_mckinney_rules.py::test_a_unit_takes_then_may_keep_going_or_stop"),
    ("A Unit attacking another Unit stays on the Board until it is eliminated with one exception: a Unit that "
     "successfully attacks a Shield on top of an enemy Builder is removed even as the Shield is folded down.",
     "The attacking Unit is removed to its cache and its move ends.",
     "test_mckinney_rules.py::test_a_shield_attack_removes_the_attacker_and_ends_its_move"),
    ("Once a Builder\u2019s Shield is defeated, there is no way to restore it.", "A defeated Shield never comes back.",
     "test_rulebook_worked.py::test_mckinney_unit_attacking_a_shield_leaves_the_board"),
    ("Even when the third Shield is defeated, thereby defeating that Builder, the attacking Unit is still "
     "removed.", "When a Builder's last Shield (of 3) falls, that player is eliminated",
     "test_mckinney_rules.py::test_the_last_shield_eliminates_a_player_and_all_their_units"),
    ("When a Player\u2019s Builder is defeated, every Unit of theirs is also immediately removed from the board.",
     "their Builder and all of their Units leave the board",
     "test_mckinney_rules.py::test_the_last_shield_eliminates_a_player_and_all_their_units"),
    ("The game continues until only one Player remains in the game.", "The game ends when only one Builder remains",
     "test_mckinney_scenarios.py::test_three_players_the_game_goes_on_until_one_builder_stands"),
    ("Building Units is as simple as laying the tiles onto any unoccupied Space adjacent to the Builder, but "
     "any Units not built on a Turn do not carry over to a later Turn.",
     "Units you could have built but did not are lost for this turn.",
     "test_mckinney_rules.py::test_build_goes_next_to_the_builder_on_free_squares_only"),
    ("The Player can freely choose any combination of Unit types (assuming the types are physically "
     "available).", "in any mix of the types you still have", "test_mckinney_rules.py::test_build_is_limited_by_the_cache"),
    ("To set up the game, print at least one page of the Pieces file onto four different colors of "
     "paper/cardstock.", "Print the piece sheets on card",
     "test_kit_parts.py::test_each_colour_gets_its_pieces_in_the_spec_counts"),
    ("After cutting out the Units, Slider Markers and Builders (fold the edges and glue the tab beneath the other "
     "side to make a triangular Builder piece, and remember to cut along the sides of the Shields, but to leave "
     "the Shield itself attached to the top of the Builder).", "Never cut a Shield's dashed lower edge",
     "test_kit_parts.py::test_the_builder_net_carries_its_shields_on_cut_sides_and_fold_hinges"),
    ("Print two white copies of each type of Board Quadrant, cut out the gray areas and glue the protruding tabs "
     "beneath the adjacent Board Quadrant.", "Print the board sheets on white paper or card",
     "test_kit_assembly.py::test_every_seam_has_exactly_one_tab_lying_under_the_neighbours_grid"),
    ("When all four Quadrants are joined together, if done correctly, the four center squares should be "
     "outlined differently.", "where the quadrants meet, are outlined differently",
     "test_kit_assembly.py::test_quadrants_tile_the_board_and_start_squares_form_the_central_two_by_two"),
    ("Color each of these four, central squares the same colors as the four printouts of the Unit pages.",
     "colour each one to match its player's pieces",
     "test_kit_assembly.py::test_quadrants_tile_the_board_and_start_squares_form_the_central_two_by_two"),
    ("These central squares are the starting points of the correlated Builders (after the game begins these "
     "will be basic, blank spaces).", "Once play begins, the start squares are ordinary squares",
     "test_mckinney_paths.py::test_builder_moves_are_exactly_those_the_rules_allow"),
    ("Player order can be determined by any method the Players agree to.",
     "Agree on who begins by any method you like",
     "test_mckinney_scenarios.py::test_seating_and_turn_order_for_two_three_and_four_players"),
]

TILES = [
    ("Forty-eight identical square tiles that are divided diagonally into two colors on the front side.",
     "48 tiles, all alike", "test_tiles_kit.py::test_tiles_are_40_mm_and_there_are_48"),
    ("These instructions will assume they are black and white.", "cut by one diagonal into a black and a white half",
     "test_tiles_kit.py::test_tile_size_and_count_come_from_the_spec"),
    ("Leave a clear space on the table and place the tiles in reach of the players.",
     "Clear a space on the table and put the tiles within reach of both players.", None),
    ("Choose which player is which color from the two colors on your tiles.",
     "Decide who plays Black and who plays White.", None),
    ("Simultaneously, each player takes a tile from the supply.", "Both players take a tile at the same time.",
     "test_tiles_rules.py::test_first_turn_choice_is_hidden_from_the_other_player"),
    ("Hiding the front side from the opponent, each player positions their tile upright with its edge on the "
     "table.", "Keeping its face hidden from the other player, each stands their tile upright on one edge",
     "test_tiles_rules.py::test_first_turn_choice_is_hidden_from_the_other_player"),
    ("Simultaneously, when their tiles are both touching the table, the players tip their tiles toward each "
     "other so the tiles are laying down on the table.", "both tip their tiles over together",
     "test_tiles_rules.py::test_first_turn_places_side_by_side_and_chooses_only_the_corner"),
    ("4. Repeat.", "Both players take a tile at once, as in turn 1.",
     "test_tiles_rules.py::test_the_bundled_kit_hides_the_tiles_of_every_turn"),
    ("On the first turn, when there are no tiles on the table, the first tiles should touch each other at the "
     "edge.", "touching edge to edge", "test_tiles_rules.py::test_first_turn_places_side_by_side_and_chooses_only_the_corner"),
    ("From then on, a tile must be positioned so that it will touch any edge of at least one tile that is "
     "already played.", "touches a side of at least one tile already on the table",
     "test_tiles_rules.py::test_later_tiles_touch_an_edge_of_a_tile_on_the_table"),
    ("Step 2 is only simultaneous on the first turn.",
     "The first player of the turn chooses a place and stands the tile upright there",
     "test_tiles_rules.py::test_every_turn_hiding_and_first_turn_only"),
    ("Starting with the second turn, Black chooses a location for his/her tile, then White chooses the location "
     "for his/her tile.", "Black goes first on turn 2", "test_tiles_rules.py::test_turn_order_black_first_on_even_turns"),
    ("On the next turn, it is White then Black. This order alternates on each turn.",
     "the order alternates every turn", "test_tiles_rules.py::test_turn_order_black_first_on_even_turns"),
    ("Players attempt to form the following three shapes with their own color and the opponent's color",
     "You play one colour and try to form, in your colour, a shape that beats a shape your opponent has formed",
     "test_tiles_rules.py::test_shape_patterns_drawn_by_hand"),
    ("Scissors cut paper, paper covers rock, rock breaks scissors.",
     "Rock beats Scissors, Scissors beats Paper, Paper beats Rock.",
     "test_tiles_rules.py::test_a_higher_score_after_a_turn_wins_at_once"),
    ("You are looking for pairs of shapes that do this, such as a Black rock which crushes a White scissors.",
     "one point for every pair of one of their shapes and one of the opponent's shapes that theirs beats",
     "test_tiles_rules.py::test_a_higher_score_after_a_turn_wins_at_once"),
    ("The game would immediately end in a victory for Black-- unless a White paper is formed at the exact same "
     "time.", "If one player's score is higher, that player wins at once.",
     "test_tiles_rules.py::test_both_players_completing_a_beating_pair_at_once_does_not_end_the_game"),
    ("That's one point for White and one point for Black.", "Black 1, White 1. Nobody wins yet; play goes on.",
     "test_tiles_rules.py::test_both_players_completing_a_beating_pair_at_once_does_not_end_the_game"),
    ("In that case, the game continues until one player has more winning shape combinations on the board than "
     "the other.", "If the scores are equal, play on, even when both are above zero.",
     "test_tiles_rules.py::test_a_higher_score_after_a_turn_wins_at_once"),
    ("If the score is still tied when the last tiles are played, the game is a draw.",
     "If the last tile is played and the scores are still equal, the game is a draw.",
     "test_tiles_rules.py::test_equal_scores_when_the_tiles_run_out_is_a_draw"),
    ("It is possible for two tiles to be part of multiple shapes.", "A tile may belong to several shapes at once",
     "test_tiles_rules.py::test_two_shapes_sharing_tiles_both_count"),
    ("For example, a White scissors and White paper can share two tiles and still qualify as two complete "
     "shapes.", "a White Paper and a White Scissors may even share tiles",
     "test_tiles_rules.py::test_two_shapes_sharing_tiles_both_count"),
    ("Pay attention to what structures your opponent is building, and disrupt them if necessary.",
     "Watch what your opponent is building and spoil it with your next tile.", None),
    ("Remember, with every tile, you are placing your own color and your opponent's color.",
     "Every tile you lay is half theirs", None),
    ("Get your opponent to believe you're building toward a particular victory, and suddenly switch to build a "
     "different one.", "Bluff: build as if aiming for one shape, then finish another.", None),
]

PHOENIX = [
    ("Game Board: A 6\u00d76 grid with coordinates on the X and Y axes", "6 \u00d7 6 squares of 30 mm",
     "test_phoenix_kit.py::test_board_squares_measure_30_mm_in_the_pdf"),
    ("Dice: 2 dice (1 Black for X-axis, 1 White for Y-axis)", "the black die (6 faces) gives X",
     "test_phoenix_scenarios.py::test_the_dice_are_36_outcomes_of_one_36th_each"),
    ("Birds: 3 colored playing pieces for each player", "Birds, per colour: 1 Rock, 1 Paper, 1 Scissors",
     "test_phoenix_kit.py::test_birds_stand_on_a_square_and_show_their_type_on_both_faces"),
    ("The Ashes: A designated area where eliminated Birds are placed",
     "an area beside the board for eliminated Birds",
     "test_phoenix_rules.py::test_birds_are_conserved_and_scores_never_decrease"),
    ("Turn Counter: To track when the Escalation Phase begins",
     "It counts rounds (every player's turn once), to tell when the Escalation Phase begins.",
     "test_phoenix_scenarios.py::test_every_kind_of_turn_moves_the_turn_counter_on_by_one"),
    ("Each player chooses a color and places their 3 Birds in front of them.",
     "Each player chooses a colour and puts their 3 Birds in front of them.",
     "test_phoenix_rules.py::test_the_entering_player_chooses_which_bird_enters"),
    ("To determine the order of play, each player rolls both dice. The highest total begins the game. If tied, "
     "re-roll until a clear order is established.", "The highest total begins; players who tie roll again",
     "test_phoenix_scenarios.py::test_each_player_is_as_likely_to_begin"),
    ("Play proceeds clockwise around the board.", "Play goes clockwise.",
     "test_phoenix_rules.py::test_who_begins_is_a_fair_chance_node_and_play_goes_clockwise"),
    ("Set the turn counter to zero.", "Put the turn counter's marker on zero",
     "test_phoenix_scenarios.py::test_every_kind_of_turn_moves_the_turn_counter_on_by_one"),
    ("On their turn, each player rolls both dice to determine coordinates on the grid (Black dice = X-axis, "
     "White dice = Y-axis).", "The black die gives X, the white die Y.",
     "test_phoenix_scenarios.py::test_the_dice_are_36_outcomes_of_one_36th_each"),
    ("The player places one of their Birds on the corresponding square. Players can choose any available Bird "
     "when first entering the game.", "Put any one of your Birds that has not entered yet on the square rolled.",
     "test_phoenix_rules.py::test_the_entering_player_chooses_which_bird_enters"),
    ("If the rolled coordinates already contain one of the player's Birds, their turn ends with no action taken.",
     "If one of your own Birds is already there, nothing happens: your turn ends.",
     "test_phoenix_rules.py::test_entry_on_own_bird_ends_the_turn_with_nothing_done"),
    ("If the rolled coordinates contain an opponent's Bird, the opponent's Bird is eliminated regardless of RPS "
     "rules and sent to the Ashes.", "If an opponent's Bird is there, it goes to the Ashes whatever its type",
     "test_phoenix_rules.py::test_entry_onto_an_opponent_eliminates_it_regardless_of_type"),
    ("This initial phase continues until all players have placed their Birds on the grid or in the Ashes.",
     "the entry is over for everyone", "test_phoenix_scenarios.py::test_the_entry_phase_is_one_phase_for_everyone"),
    ("Each completed turn increases the turn counter by one.", "move the turn counter's marker on one space",
     "test_phoenix_scenarios.py::test_every_kind_of_turn_moves_the_turn_counter_on_by_one"),
    ("Once all Birds are activated (on the grid or in the Ashes), players have two options on their turn:",
     "Once every Bird is in play, choose one of two things on your turn",
     "test_phoenix_rules.py::test_nobody_moves_until_every_bird_has_entered"),
    ("Option 1: Roll dice to move a Bird to the coordinates shown",
     "both dice, then move one of your Birds on the board, from anywhere, to the square rolled",
     "test_phoenix_scenarios.py::test_a_roll_moves_any_bird_from_anywhere_to_the_rolled_square"),
    ("Option 2: Move one Bird diagonally one square in any direction",
     "one of your Birds one square diagonally, in any of the four diagonal directions",
     "test_phoenix_scenarios.py::test_a_diagonal_move_goes_one_square_to_an_empty_square_only"),
    ("After moving, if your Bird lands diagonally adjacent to an opponent's Bird, they interact according to RPS "
     "rules:", "fights every opponent's Bird diagonally next to it",
     "test_phoenix_rules.py::test_diagonal_move_winner_takes_the_losers_square"),
    ("Rock (\u00d7) beats Scissors (\u2702) / Scissors (\u2702) beats Paper (\u25a1) / Paper (\u25a1) beats Rock "
     "(\u00d7)", "Rock beats Scissors, Scissors beats Paper, Paper beats Rock",
     "test_phoenix_rules.py::test_moving_next_to_a_bird_that_beats_you_loses_the_mover"),
    ("The winning Bird eliminates the losing Bird to the Ashes and takes its place on the grid.",
     "The losing Bird goes to the Ashes and the winning Bird takes its square",
     "test_phoenix_rules.py::test_diagonal_move_winner_takes_the_losers_square"),
    ("This may create new diagonal interactions which are resolved immediately in the same turn.",
     "resolve these fights at once, in the same turn",
     "test_phoenix_rules.py::test_a_chain_of_two_interactions_in_one_turn"),
    ("If a player rolls doubles (same number on both dice), they have the option to resurrect one of their "
     "Birds from the Ashes by placing it on the square corresponding to the roll. This is called a "
     "\"Phoenix.\"", "make one of your Birds rise from the Ashes onto it",
     "test_phoenix_scenarios.py::test_outside_the_escalation_phase_one_bird_rises_and_the_turn_ends"),
    ("The squares on the grid designated by doubles are highlighted in gold.", "are highlighted gold",
     "test_phoenix_rules.py::test_spec_checks_missing_doubles_and_bird_counts"),
    ("The player can choose whether to resurrect a Bird or move an existing Bird.",
     "instead of moving a Bird there", "test_phoenix_scenarios.py::test_outside_the_escalation_phase_one_bird_rises_and_the_turn_ends"),
    ("If the Phoenix square is occupied by an opponent's Bird, the opponent's Bird is eliminated to the Ashes "
     "and the resurrected Bird takes its place.",
     "An opponent's Bird on the Phoenix square goes to the Ashes, and your risen Bird takes its place.",
     "test_phoenix_rules.py::test_resurrection_onto_an_occupied_phoenix_square_eliminates_the_opponent"),
    ("After 27 turns per player (track with the turn counter), the game automatically enters the Escalation "
     "Phase to accelerate play toward a conclusion.", "When the turn counter reaches 27, every player has had 27 turns",
     "test_phoenix_rules.py::test_escalation_starts_after_27_turns_per_player"),
    ("Extended Diagonal Movement: Birds can move any number of squares along a diagonal line (similar to a bishop "
     "in chess) until they reach the edge of the board or another Bird.",
     "A stepping Bird may go any number of empty squares along one diagonal, like a bishop in chess",
     "test_phoenix_scenarios.py::test_a_long_diagonal_stops_before_a_bird_and_at_the_edge"),
    ("Mutual Elimination: When Birds interact diagonally, both are eliminated to the Ashes regardless of the "
     "normal RPS hierarchy, creating more open spaces on the grid.",
     "Two Birds that meet diagonally both go to the Ashes, whatever their types",
     "test_phoenix_rules.py::test_mutual_elimination_in_the_escalation_phase"),
    ("Enhanced Phoenix Power: When a player rolls doubles, they can resurrect two Birds from the Ashes instead of "
     "one. The first is placed on the Phoenix square, and the second can be placed on any adjacent empty square.",
     "Doubles let you raise two Birds from the Ashes: the first onto the Phoenix square, the second onto any "
     "empty square next to it", "test_phoenix_rules.py::test_two_resurrections_on_doubles_in_the_escalation_phase"),
    ("Chain Reactions: After a Bird eliminates an opponent's Bird and moves to its square, it may immediately "
     "move one additional square in the same direction if possible, potentially creating additional eliminations "
     "in a single turn.", "may at once go one more square in the same direction",
     "test_phoenix_rules.py::test_chain_reaction_step_in_the_escalation_phase"),
    ("1 point: Successfully eliminating an opponent's Bird", "Eliminating an opponent's Bird 1",
     "test_phoenix_rules.py::test_birds_are_conserved_and_scores_never_decrease"),
    ("2 points: Successfully resurrecting a Bird from the Ashes", "Making a Bird rise from the Ashes 2",
     "test_rulebook_worked.py::test_phoenix_rises_onto_an_opponent"),
    ("3 points: Winning the game by eliminating all opponent Birds", "Winning the game 3",
     "test_phoenix_rules.py::test_game_length_and_returns_are_declared"),
    ("In tournament play, matches consist of multiple games, with the overall winner determined by the highest "
     "total score across all games.", "Tournaments are several games in a row: the highest total score wins.", None),
    ("For time-limited play, if no player has eliminated all opponent Birds within 60 minutes, the player with "
     "the highest score wins.", "if nobody has won when time is up, the highest score wins", None),
    ("The game ends when a player has eliminated all opponent Birds from the grid.",
     "The game ends the moment only one player has Birds left on the board or still to enter",
     "test_phoenix_scenarios.py::test_a_chain_step_that_takes_the_last_opposing_bird_wins_at_once"),
    ("The last player with Birds remaining on the grid is the winner and receives 3 bonus points.",
     "That player wins and scores 3 points.",
     "test_phoenix_scenarios.py::test_a_chain_step_that_takes_the_last_opposing_bird_wins_at_once"),
    ("RPS Phoenix can be played in teams (Red-Pink vs. Blue-Green).", "Play in teams: Red and Pink against Blue and Green.",
     "test_phoenix_rules.py::test_team_partners_do_not_fight_and_the_team_wins_together"),
    ("Teammates work together to eliminate opposing team Birds. A team wins when all Birds of the opposing team "
     "are eliminated.", "a team wins when every Bird of the opposing team is gone from the board",
     "test_phoenix_rules.py::test_team_partners_do_not_fight_and_the_team_wins_together"),
    ("In this variant, the strategy is reversed: the winner is the first player to have all their Birds "
     "eliminated from the grid into the Ashes.", "the winner is the first player whose Birds are all in the Ashes",
     "test_phoenix_rules.py::test_give_away_winner_is_the_first_with_every_bird_in_the_ashes"),
    ("In this mode, if a player rolls doubles and has a Bird in the Ashes, they must resurrect it.",
     "you must make it rise", "test_phoenix_rules.py::test_give_away_forces_a_resurrection_on_doubles"),
    ("Players place a chip in a pot each time one of their Birds is eliminated.",
     "Each time one of your Birds is eliminated, put 1 chip into the pot.",
     "test_phoenix_rules.py::test_casino_pot_collects_a_chip_per_elimination_and_the_winner_takes_it"),
    ("The winner collects all chips in the pot.", "The winner of the game takes the whole pot.",
     "test_phoenix_rules.py::test_casino_pot_collects_a_chip_per_elimination_and_the_winner_takes_it"),
    ("The squares on the edges of the board are statistically safer than interior squares as they have fewer "
     "possible diagonal interactions.", "Edge squares are safer than the middle", None),
    ("Diagonal movement offers more control than dice rolls but limits the distance you can move in the normal "
     "phase.", "A diagonal step gives you control; a roll gives you reach.", None),
    ("Rolling doubles provides strategic opportunities for resurrection, especially when you have multiple "
     "Birds in the Ashes.", "Doubles are your way back", None),
    ("During the Escalation Phase, positioning becomes even more critical due to extended diagonal movement.",
     "In the Escalation Phase a Bird can be hit from across the board", None),
    ("\"If you're afraid to shake dice, you'll never roll a Phoenix.\"",
     "Whoever is afraid to shake the dice never rolls a Phoenix.", None),
]

NOTES = ("As the Rocks are by far the most mobile of the pieces, it is important to guard against them slipping "
         "past the defenses and threatening the flag.",
         "Papers are important in keeping Rocks in check, and are also able to mount a threat as well.",
         "Stacks of Paper are highly mobile and therefore dangerous.",
         "Their ability to float over most other pieces make a stack of four or more Papers even more dangerous "
         "than Rocks.",
         "Scissors can often be used to penetrate deeply into enemy territory by cutting through the line of "
         "enemy Papers.",
         "Their ability to lock enemy Scissors can sometimes be paralyzing, and also to keep Papers in check.",
         "The loss of all of any one of your types of playing pieces will result in being unable to defend "
         "against another.",
         "For example, if you lose all of your Scissors, it will be very difficult to defend against a "
         "coordinated Paper attack.",
         "In the Two-Flag version, the loss of one flag is not necessarily fatal, as the second flag can become "
         "better fortified as a result.",
         "You may even begin the game by deciding to fortify one flag while exposing the other.")

LAM = [
    ("The object is to destroy one of your enemy's flags before he or she can do the same to you.",
     "Destroy one of your opponent's Flags before they destroy one of yours.",
     "test_lam_rules.py::test_any_piece_onto_a_flag_destroys_it_and_the_standard_game_ends"),
    ("Set up the two board segments to form the completed board below.",
     "printed as two segments of 5 rows that join along the zigzag of hex edges between them",
     "test_lam_kit.py::test_the_segments_assemble_into_the_whole_board_with_the_tab_under_the_seam"),
    ("Each player nine Papers, four Scissors, three Rocks, and two Flags, placed as shown in the diagram.",
     "9 Papers, 4 Scissors, 3 Rocks and 2 Flags",
     "test_lam_rules.py::test_the_set_up_places_each_players_pieces_on_their_own_edge"),
    ("The order of play is determined by (what else?) a quick bout of rock, paper, scissors, the hand version, "
     "the winner of which moves first.", "Decide who moves first by a quick game of the hand version of rock, "
     "paper, scissors; its winner starts.", "test_lam_rules.py::test_the_hand_game_decides_who_moves_first"),
    ("The two players take turns moving until one flag is captured.", "Then take turns, one move each.",
     "test_lam_rules.py::test_any_piece_onto_a_flag_destroys_it_and_the_standard_game_ends"),
    ("Any token, friendly or otherwise, will destroy a flag if it moves onto the same space as a flag.",
     "Any piece that moves onto a Flag, or is knocked or dropped onto it, destroys that Flag, even your own.",
     "test_lam_rules.py::test_a_knocked_rock_destroys_its_owners_flag"),
    ("Captures are made by moving one piece onto another piece, as in Chess, ending the turn.",
     "Capture by moving onto a piece; that ends your move.", "test_lam_rules.py::test_the_mover_can_be_the_one_captured"),
    ("However, Rocks capture Scissors, Scissors capture Papers, and Papers capture Rocks.",
     "Rocks capture Scissors, Scissors capture Papers (every Paper in a stack), Papers capture Rocks.",
     "test_lam_rules.py::test_the_mover_can_be_the_one_captured"),
    ("The piece that moves onto another piece can actually be the one captured.",
     "The piece that moves can be the one captured.", "test_lam_rules.py::test_the_mover_can_be_the_one_captured"),
    ("Any piece that moves onto a Flag will destroy that Flag.", "any piece that lands on a Flag destroys it",
     "test_lam_rules.py::test_any_piece_onto_a_flag_destroys_it_and_the_standard_game_ends"),
    ("Unlike Chess, pieces can legally capture friendly pieces, either intentionally or by being forced to by "
     "the other player.", "You may capture your own pieces, on purpose or because your opponent forces it.",
     "test_lam_rules.py::test_a_friendly_capture"),
    ("Rocks can move down a row in any direction in a straight line any number of spaces, but they cannot jump "
     "over another piece of any type.", "Rocks move any number of hexes in a straight line in any of the six "
     "directions, but never jump over a piece.",
     "test_lam_rules.py::test_a_rock_moves_any_distance_along_a_row_without_jumping"),
    ("Whenever a Rock hits another Rock, the first Rock takes the place of the second Rock, and the second Rock "
     "continues in the same direction, until it either moves off of the board (and is eliminated) or crashes "
     "into another piece (in which case normal capture rules are enacted).",
     "the moving Rock takes its place and the hit Rock carries on in the same direction",
     "test_lam_rules.py::test_three_rocks_in_a_row_knocked_so_the_last_leaves_the_board"),
    ("A Rock chain reaction can go through any number of Rocks in the same row.",
     "through any number of Rocks in that row",
     "test_lam_rules.py::test_three_rocks_in_a_row_knocked_so_the_last_leaves_the_board"),
    ("A single Paper moves one space in any direction.", "Papers move one hex in any direction.",
     "test_lam_rules.py::test_a_single_paper_moves_one_hex_and_papers_stack_top_sheet_controlling"),
    ("However, Papers also stack on top of one another (friendly or enemy) when they move onto the same space.",
     "A Paper that moves onto Papers of either colour stacks on top of them",
     "test_lam_rules.py::test_a_single_paper_moves_one_hex_and_papers_stack_top_sheet_controlling"),
    ("The Paper that is on the top of the stack controls the stack.", "the top sheet controls the stack",
     "test_lam_rules.py::test_a_single_paper_moves_one_hex_and_papers_stack_top_sheet_controlling"),
    ("A stack of two Papers can move up to two spaces in a row, a stack of three Papers can move up to three "
     "spaces, etc.", "A stack of two moves up to two hexes in a row, a stack of three up to three",
     "test_lam_rules.py::test_a_stack_of_n_moves_up_to_n_as_a_clump_jumping_all_but_scissors"),
    ("A stack can move either in one clump, or it can spread as it moves, dropping the bottommost sheet on top "
     "of each space as it moves along.", "dropping its bottom sheet on each hex it enters",
     "test_lam_rules.py::test_a_stack_of_three_spreads_and_a_sheet_falls_off_the_board"),
    ("If it spreads, it must move the full number of sheets in the stack, even if some sheets fall off of the "
     "board and are eliminated from the game.", "it moves the full number of hexes",
     "test_lam_rules.py::test_a_stack_of_three_spreads_and_a_sheet_falls_off_the_board"),
    ("A spreading stack that drops a sheet of Paper onto a Rock or a Flag will capture those pieces.",
     "A sheet dropped on a Rock or a Flag captures it.", "test_lam_rules.py::test_a_spread_captures_a_rock_and_a_flag"),
    ("A stack of Paper can jump over any piece but a Scissors, which would destroy it.",
     "jumping over any piece but a Scissors",
     "test_lam_rules.py::test_a_stack_of_n_moves_up_to_n_as_a_clump_jumping_all_but_scissors"),
    ("A Scissors captures every Paper in any stack it encounters.", "Scissors capture Papers (every Paper in a stack)",
     "test_lam_rules.py::test_a_clump_onto_a_scissors_is_destroyed_every_sheet"),
    ("Scissors can move up to three spaces if it moves in a straight line, or up to two spaces if it changes "
     "direction.", "Scissors move up to three hexes in a straight line, or up to two if they change direction once",
     "test_lam_rules.py::test_scissors_reach_three_straight_or_two_with_one_turn"),
    ("Scissors cannot jump over any other pieces.", "if they change direction once, and never jump over a piece",
     "test_lam_rules.py::test_scissors_reach_three_straight_or_two_with_one_turn"),
    ("If a Scissors moves into an adjacent space with an enemy Scissors, they become locked together "
     "immediately, ending the turn.", "locks with it at once, and its move ends there",
     "test_lam_rules.py::test_a_scissors_locks_next_to_an_enemy_scissors_and_its_move_ends"),
    ("However, any Paper that encounters any locked Scissors is still destroyed.",
     "a Paper or a stack that meets a locked Scissors is destroyed all the same",
     "test_lam_rules.py::test_a_paper_meeting_a_locked_scissors_is_destroyed"),
    ("If a Scissors is locked, it may still move but must remain in contact with the enemy Scissors it is "
     "locked together with.", "A locked Scissors may still move, but only through and onto hexes that keep it "
     "in contact with the enemy Scissors it is locked with.",
     "test_lam_rules.py::test_a_locked_scissors_moves_only_in_contact_and_cannot_break_it"),
    ("Locked scissors can still move so long as it remains in contact with the enemy Scissors at all times.",
     "only through and onto hexes that keep it in contact",
     "test_lam_rules.py::test_a_locked_scissors_moves_only_in_contact_and_cannot_break_it"),
    ("A Scissors can be locked together with more than one enemy Scissors.",
     "A Scissors can be locked with several enemy Scissors",
     "test_lam_rules.py::test_flags_never_move_stacks_keep_order_and_locks_join_touching_enemy_scissors"),
    ("Friendly Scissors do not lock together with one another.", "your own Scissors never lock with each other",
     "test_lam_rules.py::test_friendly_scissors_never_lock"),
    ("Flags do not move.", "Flags never move.",
     "test_lam_rules.py::test_flags_never_move_stacks_keep_order_and_locks_join_touching_enemy_scissors"),
    ("In the standard game, the capture of one flag ends the game.",
     "The game ends as soon as a Flag is destroyed: its owner loses.",
     "test_lam_rules.py::test_any_piece_onto_a_flag_destroys_it_and_the_standard_game_ends"),
    ("If a piece is forced to land on a friendly flag (such as a Rock getting knocked backward or a stack of "
     "paper being spread out), the flag is still captured.", "or is knocked or dropped onto it, destroys that "
     "Flag, even your own", "test_lam_rules.py::test_a_knocked_rock_destroys_its_owners_flag"),
    ("For a longer, more intricate game, play with the goal of capturing both enemy flags.",
     "For a longer game, play until one player has destroyed both enemy Flags",
     "test_lam_rules.py::test_the_two_flag_version_needs_both"),
    ("This introduces many complex new strategies into the game, including endgame possibilities.",
     "It brings new strategies, endgames among them", None),
    ("It is usually possible to save one flag even when one flag is doomed.",
     "it is usually possible to save one Flag even when the other is doomed", None),
] + [(note, note, None) for note in NOTES]

PLAYGROUND = [
    ("1 Board, 1 die, 48 game stands, 48 game cards", "48 cards: 24 Blue and 24 Red",
     "test_playground_kit.py::test_cards_stands_and_die_per_colour"),
    ("The objective of this game is to navigate the board to reach the opponents base.",
     "Win by moving a piece into your opponent's base",
     "test_playground_rules.py::test_entering_the_base_needs_the_exact_roll"),
    ("Put the blue game cards into the blue game stands, as well as the red cards into the red game stands.",
     "Put the Blue cards in the Blue stands and the Red cards in the Red stands",
     "test_playground_kit.py::test_a_stand_folds_into_a_tent_whose_ridge_is_slit_to_hold_a_card"),
    ("Separate the blue and red game pieces, with the Playground Battles side facing your opponent.",
     "the game's name facing your opponent",
     "test_playground_rules.py::test_hidden_types_do_not_change_what_a_player_sees_or_may_do"),
    ("Each player will then choose a total of 10 pieces, including the mandatory minimum of 1 Rock, 1 Paper, and "
     "1 Scissor.", "Each player secretly chooses 10 pieces: at least one Rock, one Paper and one Scissors",
     "test_playground_rules.py::test_an_army_needs_a_rock_a_paper_and_a_scissors"),
    ("Next, the player is allowed to choose any combination of 7 pieces.", "the rest any mix",
     "test_playground_rules.py::test_an_army_needs_a_rock_a_paper_and_a_scissors"),
    ("After selecting your pieces, set them along the back row of the board directly in front of your base.",
     "Set them on your back row, in front of your base, types hidden from your opponent.",
     "test_playground_rules.py::test_the_set_up_is_private"),
    ("The game begins with old fashioned rock, paper, scissor with your hands.",
     "Play a quick game of rock, paper, scissors with your hands",
     "test_playground_rules.py::test_the_first_player_and_each_roll_are_chance"),
    ("The winner will go first by rolling the die.", "the winner goes first",
     "test_playground_rules.py::test_the_first_player_and_each_roll_are_chance"),
    ("The number facing up on the die will determine how many spaces you must move in each turn.",
     "Move one of your pieces exactly that many squares",
     "test_playground_rules.py::test_a_move_is_exactly_the_roll_orthogonal_no_revisits_no_passing_through"),
    ("Players cannot move diagonally or to a space previously visited during the current turn.",
     "never back onto a square it visited this turn",
     "test_playground_rules.py::test_a_move_is_exactly_the_roll_orthogonal_no_revisits_no_passing_through"),
    ("Players cannot jump over any pieces on the board.", "never through another piece",
     "test_playground_rules.py::test_a_move_is_exactly_the_roll_orthogonal_no_revisits_no_passing_through"),
    ("To attack an opponents piece, you must land on their spot after moving the exact required amount of "
     "spaces.", "Landing exactly on an enemy piece attacks it",
     "test_playground_rules.py::test_an_attack_that_wins_and_one_that_loses"),
    ("Both players reveal their cards to determine which piece losses the battle and leaves the board.",
     "both cards are shown", "test_playground_rules.py::test_an_attack_that_wins_and_one_that_loses"),
    ("Scissors defeats paper / Paper defeats rock / Rock defeats scissors",
     "Scissors beat Paper, Paper beats Rock, Rock beats Scissors; the loser leaves the board",
     "test_playground_rules.py::test_an_attack_that_wins_and_one_that_loses"),
    ("(refer to board for quick reference)", "the quick reference (Scissors beat Paper, Paper beats Rock, Rock "
     "beats Scissors) printed on it", None),
    ("If both pieces are the same after being revealed, a stalemate occurs.",
     "Two pieces of the same type stay together on that square",
     "test_playground_rules.py::test_equal_types_stalemate_and_stay_out_of_play"),
    ("Once in a stalemate, players must face both pieces against each other so the piece's identities are "
     "hidden from both players view.", "turned so that neither shows its type",
     "test_playground_rules.py::test_equal_types_stalemate_and_stay_out_of_play"),
    ("To end a stalemate, you must move a corresponding winning piece to the box where the stalemate occurred.",
     "To break a stalemate, move onto that square a piece that beats that type",
     "test_playground_rules.py::test_a_stalemate_broken_by_the_winning_piece_and_the_winners_choice"),
    ("If you attempt to rescue the stalemated piece with anything else other than the winning piece, you lose "
     "that piece automatically.", "Moving any other piece there loses that piece at once.",
     "test_playground_rules.py::test_a_rescue_with_the_wrong_piece_is_lost"),
    ("After a stalemate is broken, the winner must keep 1 of the pieces in that box, and move the other piece to "
     "any open spot on the back row where the piece originated.", "the other goes to any open square of your "
     "back row", "test_playground_rules.py::test_a_stalemate_broken_by_the_winning_piece_and_the_winners_choice"),
    ("You have the option of choosing which piece stays, and which piece is moved to the back row.",
     "you choose which of your two pieces stays on the square",
     "test_playground_rules.py::test_a_stalemate_broken_by_the_winning_piece_and_the_winners_choice"),
    ("Victory can be achieved by two different methods. First, by moving any of your pieces into the opponent's "
     "base.", "Move any piece into your opponent's base",
     "test_playground_rules.py::test_entering_the_base_needs_the_exact_roll"),
    ("However, you may only enter the base if you roll the proper number on the die to move the correct amount "
     "of spaces.", "only when the roll is exactly the fewest steps from the piece into the base",
     "test_playground_rules.py::test_entering_the_base_needs_the_exact_roll"),
    ("No extra amount of moves can exist for the piece inside a base.", "the last step going into it",
     "test_playground_rules.py::test_entering_the_base_needs_the_exact_roll"),
    ("Second, you may win by eliminating all your opponent's pieces, or their legal moves.",
     "leave your opponent without a piece that can move",
     "test_playground_rules.py::test_a_win_when_the_opponent_has_only_stalemated_pieces"),
    ("For example, your opponent only has pieces involved in stalemates, and you have one or more free moving "
     "pieces.", "or all caught in stalemates", "test_playground_rules.py::test_a_win_when_the_opponent_has_only_stalemated_pieces"),
]

TABLES = {"mckinney": MCKINNEY, "tiles": TILES, "phoenix": PHOENIX, "lam": LAM, "playground": PLAYGROUND}


def _text(game: str) -> str:
    """The rulebook's text, its running footers taken out (a sentence may run across a page)."""
    from printkit import spec as specs

    text = flat(pdf(game, BuildOptions())).replace("\u00a0", " ")
    return re.sub(rf"{re.escape(specs.load(game)['title'])} page \d+ of \d+ ", "", text)


def _unmarked(text: str) -> str:
    """Markdown emphasis as the PDF prints it: gone."""
    return text.replace("**", "").replace("*", "")


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_seed_sentence_is_stated_in_the_rulebook(game):
    text = _text(game)
    missing = [(seed, words) for seed, words, _ in TABLES[game] if _unmarked(words) not in text]
    assert not missing, "\n".join(f"{seed!r}: the rulebook lacks {words!r}" for seed, words in missing)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_rule_sentence_names_a_test_that_exists(game):
    for seed, _, test in TABLES[game]:
        if test is None:
            continue
        path, name = test.split("::")
        source = (TESTS / path).read_text(encoding="utf-8")
        assert re.search(rf"^def {re.escape(name)}\(", source, flags=re.M), f"{test} (for {seed!r})"


@pytest.mark.parametrize("game", sorted(TABLES))
def test_each_sentence_is_listed_once_and_most_are_played(game):
    seeds = [seed for seed, _, _ in TABLES[game]]
    assert len(seeds) == len(set(seeds))
    played = sum(1 for _, _, test in TABLES[game] if test)
    assert played >= 0.6 * len(seeds), (played, len(seeds))
