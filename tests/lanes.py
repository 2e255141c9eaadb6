"""The quick lane: which tests ``-m "not slow"`` leaves out (README, CONTRIBUTING).

``HYPOTHESIS_PROFILE=quick pytest -m "not slow"`` checks an install in about two minutes on
a loaded 2-core machine: every rule's example tests, the property and stateful tests at 5
examples, the records, the command line and the README. What it leaves out runs in the full
suite (``pytest``, and ``.ci/run``): whole seeded games played by the dozen (coverage,
conformance, determinism across hash seeds and executors), the simulations on process pools
and Dask, the viewer's browser test, and the docs pages. A test is slow when it takes two
seconds or more at the quick profile (the README's own examples aside: the lane runs them);
list it here by its node ID (a prefix: a file, or a test and all its parameters).
"""

from __future__ import annotations

SLOW = (
    # whole directories: simulations on pools and Dask, the browser, the docs' pages
    "tests/sim/",
    "tests/viewer/",
    "docs/",
    # whole games by the dozen: coverage, conformance, determinism, long properties
    "tests/games/campaign/test_coverage.py",
    "tests/games/campaign/test_conformance.py",
    "tests/games/campaign/test_determinism.py",
    "tests/games/campaign/test_listing.py::test_en5_campaign_listing_is_sound_and_complete",
    "tests/games/campaign/test_rules.py::test_cp2_a_champion_who_falls_in_play_dies",
    "tests/games/campaign/test_views.py::test_en9_the_same_holds_at_every_battle_step",
    "tests/games/skirmish/test_conformance.py",
    "tests/games/skirmish/test_determinism.py",
    "tests/games/skirmish/test_games.py",
    "tests/games/skirmish/test_deep.py::test_sk6_the_siege_makes_characters_leave_the_fight",
    "tests/games/skirmish/test_records.py::test_en8_every_state_of_two_games_round_trips",
    "tests/games/skirmish/test_policies.py::test_greedy_beats_random_over_fixed_seeds",
    "tests/games/skirmish/test_account.py::test_the_example_plays_a_greedy_game",
    "tests/games/skirmish/test_enemy_players.py::test_sk1_sk4_an_enemy_player_fights",
    "tests/games/summit/test_determinism.py",
    "tests/games/summit/test_properties.py::test_en8_conformance_of_whole_games",
    "tests/games/summit/test_properties.py::test_en8_every_state_of_a_game_round_trips",
    "tests/games/summit/test_docs.py::test_the_example_plays_a_whole_game",
    "tests/listing/test_exact.py",
    "tests/search/test_strength.py::test_the_recorded_games_are_the_ones_the_code_plays",
    "tests/search/test_determinize.py::test_en9_a_house_rule_subclass_with_a_slice_of_its_own",
    "tests/diplomacy/test_listing.py::test_en5_the_listing_is_sound_and_complete",
    "tests/diplomacy/test_properties.py::test_en3_the_same_seed_and_actions_give_the_same_state",
    "tests/skills/test_rounds.py::test_sd13_round_over_is_what_end_round_accepts",
    "tests/testing/test_kit.py::test_the_state_machine_catches_an_unguarded_reducer",
    "tests/testing/test_fuzz.py::test_en4_garbage_is_refused_without_changing_anything",
    # fresh interpreters and worker processes
    "tests/test_cli.py::test_python_m_gamefold",
    "tests/test_cli.py::test_simulate_on_worker_processes_matches",
    "tests/test_cli_records.py::test_more_workers_than_cpus_warns",
    "tests/test_cli_records.py::test_a_broken_pipe_ends_quietly",
    "tests/test_cli_new.py::test_a_file_size_limit_leaves_nothing_in_a_fresh_process",
    "tests/testing/test_plugin.py",
    "tests/test_faces.py::test_outside_a_package_only_its_face_is_imported",
    "tests/test_structure.py::test_no_module_imports_a_layer_above_its_own",
    "tests/test_structure.py::test_no_circle_of_imports_runs_across_packages",
    "tests/test_structure.py::test_every_module_imports_whichever_is_imported_first",
    "tests/core/test_isolation.py::test_the_fleeing_tests_pass_twice_in_one_process",
    "tests/test_docs_pages.py::test_the_sim_docstring_example_runs",
    "tests/test_golden_accounts.py::test_en3_simulate_gives_the_golden_frame",
    "tests/core/test_record_fuzz.py",
    "tests/core/test_record_hostile.py::test_en3_digests_are_the_same_in_other_processes",
    "tests/test_cli_compare.py::test_simulate_set_keeps_the_games_deck",
    "tests/test_readme.py::test_the_quick_lane",
    # OpenSpiel on the duel's whole tree: every information state, and CFR's iterations
    "tests/envs/test_openspiel_recall.py::test_the_duel_information_states_are_exactly_what",
    "tests/envs/test_openspiel_cfr.py",
    "tests/envs/test_counter_bounds.py::test_skirmish_s_ranges_hold_to_the_end_of_whole_fights",
    "tests/envs/test_counter_bounds.py::test_campaign_s_ranges_hold_to_the_end_of_whole_games",
    "tests/envs/test_observation_growth.py::test_sk9_a_fight_s_counters_grow_at_most_their",
    "tests/envs/test_observation_growth.py::test_cp1_the_war_s_counters_grow_at_most_their",
    # training a network for a minute of CPU, then a comparison of 400 games
    "tests/envs/test_training_example.py",
    # the calibration study: thousands of simulated comparisons and SPRT runs
    "tests/sim/test_calibration.py",
    # whole games at the terminal table, in this process and in a pseudo-terminal
    "tests/matrix/test_front_ends.py::test_play_a_seat_in_the_terminal",
    "tests/serve/test_pty.py",
    # whole games served to scripted clients, and the served table in a real browser
    "tests/matrix/test_front_ends.py::test_serve_a_seat_to_a_browser",
    "tests/serve/test_web.py::test_en8_scripted_clients_play_a_whole_game",
    "tests/serve/test_web.py::test_en8_a_served_game_resumes_with_nothing_lost",
    "tests/serve/test_web.py::test_the_served_records_rule_links_open_the_docs",
    "tests/serve/test_security.py::test_en9_every_byte_a_seat_receives_is_its_own[campaign]",
    "tests/serve/test_security.py::test_en9_every_byte_a_seat_receives_is_its_own[summit]",
    "tests/serve/test_browser.py",
)


def slow(nodeid: str) -> bool:
    """Whether the test ``nodeid`` is left out of the quick lane."""
    return nodeid.startswith(SLOW)
